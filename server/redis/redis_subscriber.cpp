#include "server/redis/redis_subscriber.hpp"

#include <boost/asio/dispatch.hpp>
#include <vector>

namespace ringside::server::redis {

struct redis_subscriber::state {
  std::shared_ptr<redis_link> link;
  std::set<std::string> channels;
  message_handler on_message;
  std::function<void(const std::string&)> on_subscribed;

  void resubscribe_all() {
    if (channels.empty()) return;
    std::vector<std::string> args{"SUBSCRIBE"};
    args.insert(args.end(), channels.begin(), channels.end());
    link->send_push(args);
  }

  // ["message", channel, payload] or ["subscribe", channel, count] / ["unsubscribe", ...].
  void pushed(const redis_reply& r) {
    if (r.type != redis_reply::kind::array || r.elements.size() < 3) return;
    const std::string& what = r.elements[0].text;
    const std::string& channel = r.elements[1].text;
    if (what == "message") {
      if (on_message) on_message(channel, r.elements[2].text);
    } else if (what == "subscribe") {
      if (on_subscribed) on_subscribed(channel);
    }
  }
};

redis_subscriber::redis_subscriber(boost::asio::io_context& ioc, redis_endpoint where,
                                   message_handler on_message, link_settings s)
    : strand_(boost::asio::make_strand(ioc)), state_(std::make_shared<state>()) {
  state_->link = std::make_shared<redis_link>(strand_, std::move(where), s);
  state_->on_message = std::move(on_message);
  // The link lives inside the state: its hooks hold a plain pointer, not an owning one.
  state* raw = state_.get();
  state_->link->on_connected([raw] { raw->resubscribe_all(); });
  state_->link->on_push([raw](redis_reply r) { raw->pushed(r); });
}

redis_subscriber::~redis_subscriber() {
  stop();
}

void redis_subscriber::start() {
  boost::asio::dispatch(strand_, [s = state_] { s->link->start(); });
}

void redis_subscriber::stop() {
  boost::asio::dispatch(strand_, [s = state_] { s->link->stop(); });
}

void redis_subscriber::subscribe(std::string channel) {
  boost::asio::dispatch(strand_, [s = state_, channel = std::move(channel)] {
    if (!s->channels.insert(channel).second) return;
    if (s->link->connected()) s->link->send_push({"SUBSCRIBE", channel});
  });
}

void redis_subscriber::unsubscribe(std::string channel) {
  boost::asio::dispatch(strand_, [s = state_, channel = std::move(channel)] {
    if (s->channels.erase(channel) == 0) return;
    if (s->link->connected()) s->link->send_push({"UNSUBSCRIBE", channel});
  });
}

void redis_subscriber::on_subscribed(std::function<void(const std::string&)> fn) {
  boost::asio::dispatch(
      strand_, [s = state_, fn = std::move(fn)]() mutable { s->on_subscribed = std::move(fn); });
}

}  // namespace ringside::server::redis
