#pragma once
// redis_link: one connection to Redis that stays up. It connects, reconnects with a growing
// delay when Redis goes away, and answers every command: with Redis's reply, or `unavailable`
// when there is no connection, when the connection drops before the reply, or when no reply
// comes within the command timeout (a Redis that stopped answering is disconnected, so no
// caller waits for ever). Everything happens on one strand, callbacks included; a callback
// that throws is caught and counted, never let out into hiredis.
//
// With a password in its endpoint, AUTH is the first command of every connection, so every
// later one runs logged in; the link counts as connected only once Redis accepts it. A
// refused password is logged and the connection dropped, and tried again with the backoff
// (an operator who fixes Redis's password need not restart the server).
//
// For redis_client and redis_subscriber; use those.

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/redis/hiredis_asio.hpp"
#include "server/redis/reconnect_backoff.hpp"
#include "server/redis/redis_endpoint.hpp"
#include "server/redis/redis_reply.hpp"

struct redisAsyncContext;

namespace ringside::server::redis {

struct link_settings {
  // A command without a reply after this long fails, and the connection is dropped and made
  // again (Redis stopped, or the network to it lost packets).
  std::chrono::milliseconds command_timeout{2000};
  reconnect_backoff::settings backoff{};
};

class redis_link : public std::enable_shared_from_this<redis_link> {
 public:
  using reply_handler = std::function<void(redis_reply)>;

  redis_link(redis_strand strand, redis_endpoint where, link_settings s);
  ~redis_link();
  redis_link(const redis_link&) = delete;
  redis_link& operator=(const redis_link&) = delete;

  // On the strand. Connects now and whenever the connection is lost, until stop().
  void start();
  // On the strand. Drops the connection: commands waiting get `unavailable`.
  void stop();

  // On the strand. Sends the command; `fn` gets its reply (once). Not connected: `fn` gets
  // `unavailable` (posted, never called from inside send).
  void send(const std::vector<std::string>& args, reply_handler fn);
  // On the strand. Sends a SUBSCRIBE or UNSUBSCRIBE whose replies and later messages all go
  // to the push handler. False when not connected.
  bool send_push(const std::vector<std::string>& args);

  // Called on the strand after each successful (re)connection.
  void on_connected(std::function<void()> fn) { on_connected_ = std::move(fn); }
  // Called on the strand for every reply to send_push's commands (subscribe confirmations
  // and messages).
  void on_push(reply_handler fn) { on_push_ = std::move(fn); }

  bool connected() const { return connected_; }
  redis_strand strand() const { return strand_; }
  // Callbacks that threw, connections made (the first one included), commands timed out,
  // logins Redis refused.
  std::uint64_t callback_faults() const { return callback_faults_; }
  std::uint64_t connections_made() const { return connections_made_; }
  std::uint64_t commands_timed_out() const { return commands_timed_out_; }
  std::uint64_t logins_refused() const { return logins_refused_; }

 private:
  struct pending;
  static void on_reply(redisAsyncContext* ac, void* reply, void* privdata);
  static void on_push_reply(redisAsyncContext* ac, void* reply, void* privdata);
  static void on_connect(const redisAsyncContext* ac, int status);
  static void on_disconnect(const redisAsyncContext* ac, int status);

  void connect();
  // The connection is up and, where a password is set, logged in.
  void became_ready();
  void login_answered(const redis_reply& r);
  void lost(const std::string& why);
  void schedule_reconnect();
  void arm_watchdog();
  void check_timeouts();
  void drop_context();
  void deliver(const reply_handler& fn, redis_reply r);

  redis_strand strand_;
  redis_endpoint where_;
  link_settings settings_;
  reconnect_backoff backoff_;
  boost::asio::steady_timer reconnect_timer_;
  boost::asio::steady_timer watchdog_;
  redisAsyncContext* context_ = nullptr;
  bool connected_ = false;
  bool running_ = false;
  bool dying_ = false;  // in the destructor: callbacks are dropped, not called
  // When each command still waiting for its reply was sent, oldest first (Redis answers in
  // order), for the command timeout.
  std::deque<std::chrono::steady_clock::time_point> sent_at_;
  std::function<void()> on_connected_;
  reply_handler on_push_;
  std::uint64_t callback_faults_ = 0;
  std::uint64_t connections_made_ = 0;
  std::uint64_t commands_timed_out_ = 0;
  std::uint64_t logins_refused_ = 0;
  bool login_refusal_logged_ = false;
};

}  // namespace ringside::server::redis
