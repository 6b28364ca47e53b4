#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>

#include "server/http_session.hpp"
#include "server/tls_handshake.hpp"

namespace ringside::server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, context& ctx, tls_certificate* tls)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), ctx_(ctx), tls_(tls) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

tcp::endpoint listener::local_endpoint() const {
  return acceptor_.local_endpoint();
}

void listener::run() {
  do_accept();
}

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::do_accept() {
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    spdlog::warn("accept: {}", ec.message());
  } else {
    if (tls_)
      std::make_shared<tls_handshake>(std::move(socket), ctx_, *tls_)->run();
    else
      std::make_shared<http_session>(std::move(socket), ctx_)->run();
  }
  do_accept();
}

}  // namespace ringside::server
