#include "server/redis/redis_link.hpp"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

namespace ringside::server::redis {

struct redis_link::pending {
  redis_link* link;
  reply_handler fn;
};

redis_link::redis_link(redis_strand strand, redis_endpoint where, link_settings s)
    : strand_(strand),
      where_(std::move(where)),
      settings_(s),
      backoff_(s.backoff),
      reconnect_timer_(strand),
      watchdog_(strand) {}

redis_link::~redis_link() {
  dying_ = true;
  running_ = false;
  drop_context();
}

void redis_link::start() {
  running_ = true;
  connect();
}

void redis_link::stop() {
  running_ = false;
  reconnect_timer_.cancel();
  watchdog_.cancel();
  drop_context();
}

void redis_link::connect() {
  if (!running_ || context_ != nullptr) return;
  redisAsyncContext* ac = redisAsyncConnect(where_.host.c_str(), where_.port);
  if (ac == nullptr || ac->err != 0) {
    if (ac != nullptr) redisAsyncFree(ac);
    schedule_reconnect();
    return;
  }
  ac->data = this;
  redisAsyncSetConnectCallback(ac, &redis_link::on_connect);
  redisAsyncSetDisconnectCallback(ac, &redis_link::on_disconnect);
  if (!hiredis_asio::attach(ac, strand_)) {
    redisAsyncFree(ac);
    schedule_reconnect();
    return;
  }
  context_ = ac;
  // First in the pipeline: everything sent after it runs logged in.
  if (!where_.password.empty()) {
    std::vector<std::string> auth{"AUTH"};
    if (!where_.user.empty()) auth.push_back(where_.user);
    auth.push_back(where_.password);
    send(auth, [weak = weak_from_this(), ac](redis_reply r) {
      auto self = weak.lock();
      if (self && self->context_ == ac) self->login_answered(r);
    });
  }
  // hiredis finishes connecting when the socket turns writable, which it only watches while a
  // command waits; this PING makes that happen now, and its timeout bounds a connect that hangs.
  send({"PING"}, nullptr);
}

void redis_link::login_answered(const redis_reply& r) {
  if (r.ok()) {
    became_ready();
    return;
  }
  if (r.type == redis_reply::kind::unavailable) return;  // lost meanwhile: reconnecting anyway
  ++logins_refused_;
  // Once until a login succeeds: the link tries again every couple of seconds.
  if (!login_refusal_logged_)
    spdlog::error("cluster: Redis at {} refused the login: {} (check the password in --cluster)",
                  where_.to_string(), r.text);
  login_refusal_logged_ = true;
  drop_context();
  schedule_reconnect();
}

void redis_link::became_ready() {
  connected_ = true;
  login_refusal_logged_ = false;
  ++connections_made_;
  backoff_.succeeded();
  if (on_connected_) {
    try {
      on_connected_();
    } catch (...) {
      ++callback_faults_;
    }
  }
}

void redis_link::send(const std::vector<std::string>& args, reply_handler fn) {
  if (context_ == nullptr) {
    boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] {
      self->deliver(fn, redis_reply::unavailable_because("not connected to Redis"));
    });
    return;
  }
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  argv.reserve(args.size());
  lengths.reserve(args.size());
  for (const auto& a : args) {
    argv.push_back(a.data());
    lengths.push_back(a.size());
  }
  auto p = std::make_unique<pending>(pending{this, std::move(fn)});
  if (redisAsyncCommandArgv(context_, &redis_link::on_reply, p.get(), static_cast<int>(argv.size()),
                            argv.data(), lengths.data()) != REDIS_OK) {
    boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(p->fn)] {
      self->deliver(fn, redis_reply::unavailable_because("Redis connection is closing"));
    });
    return;
  }
  (void)p.release();  // hiredis hands it back to on_reply, with a reply or null
  sent_at_.push_back(std::chrono::steady_clock::now());
  arm_watchdog();
}

bool redis_link::send_push(const std::vector<std::string>& args) {
  if (context_ == nullptr) return false;
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const auto& a : args) {
    argv.push_back(a.data());
    lengths.push_back(a.size());
  }
  return redisAsyncCommandArgv(context_, &redis_link::on_push_reply, this,
                               static_cast<int>(argv.size()), argv.data(),
                               lengths.data()) == REDIS_OK;
}

void redis_link::on_reply(redisAsyncContext*, void* reply, void* privdata) {
  std::unique_ptr<pending> p(static_cast<pending*>(privdata));
  redis_link& link = *p->link;
  if (link.dying_) return;
  if (reply == nullptr) {
    // hiredis is freeing the context: the connection is gone before this reply came.
    link.deliver(p->fn, redis_reply::unavailable_because("connection to Redis lost"));
    return;
  }
  if (!link.sent_at_.empty()) link.sent_at_.pop_front();
  link.deliver(p->fn, redis_reply::from_hiredis(*static_cast<redisReply*>(reply)));
}

void redis_link::on_push_reply(redisAsyncContext*, void* reply, void* privdata) {
  auto& link = *static_cast<redis_link*>(privdata);
  if (reply == nullptr || link.dying_) return;
  link.deliver(link.on_push_, redis_reply::from_hiredis(*static_cast<redisReply*>(reply)));
}

void redis_link::on_connect(const redisAsyncContext* ac, int status) {
  auto& link = *static_cast<redis_link*>(ac->data);
  if (status != REDIS_OK) {
    // hiredis frees the context once this returns (waiting commands get null replies).
    link.lost("connect failed");
    return;
  }
  // With a password, ready once AUTH's answer says so (login_answered).
  if (link.where_.password.empty()) link.became_ready();
}

void redis_link::on_disconnect(const redisAsyncContext* ac, int) {
  static_cast<redis_link*>(ac->data)->lost("disconnected");
}

void redis_link::lost(const std::string&) {
  context_ = nullptr;
  connected_ = false;
  sent_at_.clear();
  schedule_reconnect();
}

void redis_link::schedule_reconnect() {
  if (!running_ || dying_) return;
  reconnect_timer_.expires_after(backoff_.next_delay());
  reconnect_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->connect();
  });
}

void redis_link::arm_watchdog() {
  if (dying_) return;
  // Re-arming on every command would cancel the wait each time: only arm when idle.
  if (watchdog_.expiry() > std::chrono::steady_clock::now()) return;
  watchdog_.expires_after(settings_.command_timeout / 4);
  watchdog_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    self->check_timeouts();
    if (!self->sent_at_.empty()) self->arm_watchdog();
  });
}

void redis_link::check_timeouts() {
  if (sent_at_.empty()) return;
  if (std::chrono::steady_clock::now() - sent_at_.front() < settings_.command_timeout) return;
  ++commands_timed_out_;
  drop_context();
  schedule_reconnect();
}

void redis_link::drop_context() {
  redisAsyncContext* ac = context_;
  context_ = nullptr;
  connected_ = false;
  sent_at_.clear();
  // Waiting commands get null replies (unavailable) from inside this call.
  if (ac != nullptr) redisAsyncFree(ac);
}

void redis_link::deliver(const reply_handler& fn, redis_reply r) {
  if (!fn) return;
  try {
    fn(std::move(r));
  } catch (...) {
    ++callback_faults_;
  }
}

}  // namespace ringside::server::redis
