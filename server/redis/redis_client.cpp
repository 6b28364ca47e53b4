#include "server/redis/redis_client.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

namespace ringside::server::redis {

redis_client::redis_client(boost::asio::io_context& ioc, redis_endpoint where, link_settings s)
    : strand_(boost::asio::make_strand(ioc)),
      link_(std::make_shared<redis_link>(strand_, std::move(where), s)) {}

redis_client::~redis_client() {
  stop();
}

void redis_client::start() {
  boost::asio::dispatch(strand_, [link = link_] { link->start(); });
}

void redis_client::stop() {
  boost::asio::dispatch(strand_, [link = link_] { link->stop(); });
}

void redis_client::command(std::vector<std::string> args, std::function<void(redis_reply)> fn) {
  boost::asio::dispatch(strand_,
                        [link = link_, args = std::move(args), fn = std::move(fn)]() mutable {
                          link->send(args, std::move(fn));
                        });
}

}  // namespace ringside::server::redis
