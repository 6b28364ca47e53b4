#pragma once
// echo_listener: accepts TCP connections and starts an echo_session on its own strand for
// each, as the game server's listener does.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>

namespace ringside::load {

class echo_listener : public std::enable_shared_from_this<echo_listener> {
 public:
  // Binds and listens at once (port 0 picks a free port); throws on failure at startup.
  echo_listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep);
  // The bound endpoint, with the real port when 0 was asked for.
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  // Starts accepting; runs until the io_context stops.
  void run();

 private:
  void do_accept();

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace ringside::load
