#include "echo_listener.hpp"

#include <boost/asio/strand.hpp>

#include "echo_session.hpp"

namespace ringside::load {

echo_listener::echo_listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep)
    : ioc_(ioc), acceptor_(boost::asio::make_strand(ioc)) {
  acceptor_.open(ep.protocol());
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
  acceptor_.bind(ep);
  acceptor_.listen(boost::asio::socket_base::max_listen_connections);
}

void echo_listener::run() {
  do_accept();
}

void echo_listener::do_accept() {
  acceptor_.async_accept(
      boost::asio::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, boost::asio::ip::tcp::socket s) {
        // Out of descriptors or a reset before accept: keep serving others.
        if (!ec) std::make_shared<echo_session>(std::move(s))->run();
        self->do_accept();
      });
}

}  // namespace ringside::load
