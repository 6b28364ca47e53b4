#pragma once
// redis_client: commands to Redis from any thread, each answered once on the client's strand
// with Redis's reply or `unavailable` (Redis down, connection lost, or no reply within the
// command timeout: a caller never waits for ever). Reconnects by itself, with backoff.

#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/redis/redis_link.hpp"

namespace ringside::server::redis {

class redis_client {
 public:
  redis_client(boost::asio::io_context& ioc, redis_endpoint where, link_settings s = {});
  // Stops (as stop()); commands still waiting are answered `unavailable` if the io_context
  // still runs.
  ~redis_client();
  redis_client(const redis_client&) = delete;
  redis_client& operator=(const redis_client&) = delete;

  // Any thread: starts connecting (and reconnecting whenever the connection is lost).
  void start();
  // Any thread: drops the connection for good.
  void stop();

  // Any thread. `fn` runs on strand() with the reply.
  void command(std::vector<std::string> args, std::function<void(redis_reply)> fn);

  redis_strand strand() const { return strand_; }
  // On the strand only: whether the connection is up now.
  bool connected() const { return link_->connected(); }
  // On the strand only: see redis_link.
  const redis_link& link() const { return *link_; }

 private:
  redis_strand strand_;
  std::shared_ptr<redis_link> link_;
};

}  // namespace ringside::server::redis
