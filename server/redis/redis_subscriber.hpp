#pragma once
// redis_subscriber: Redis pub/sub on a connection of its own (a subscribed connection may send
// nothing else). Channels are kept across reconnections: after Redis comes back every channel
// is subscribed again. Messages published while the connection was down are lost (pub/sub
// keeps nothing), which callers must allow for. Messages run the handler on the strand.

#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "server/redis/redis_link.hpp"

namespace ringside::server::redis {

class redis_subscriber {
 public:
  using message_handler =
      std::function<void(const std::string& channel, const std::string& payload)>;

  redis_subscriber(boost::asio::io_context& ioc, redis_endpoint where, message_handler on_message,
                   link_settings s = {});
  ~redis_subscriber();
  redis_subscriber(const redis_subscriber&) = delete;
  redis_subscriber& operator=(const redis_subscriber&) = delete;

  // Any thread.
  void start();
  void stop();
  void subscribe(std::string channel);
  void unsubscribe(std::string channel);

  // Called on the strand once Redis confirms a SUBSCRIBE, with the channel (tests wait for it
  // before publishing, since pub/sub keeps nothing for late subscribers).
  void on_subscribed(std::function<void(const std::string&)> fn);

  redis_strand strand() const { return strand_; }

 private:
  struct state;
  redis_strand strand_;
  std::shared_ptr<state> state_;
};

}  // namespace ringside::server::redis
