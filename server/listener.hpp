#pragma once
// listener: accepts TCP connections and hands each, on its own strand, to an http_session, or
// first to a tls_handshake when the port speaks TLS.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>
#include <memory>

#include "server/context.hpp"

namespace ringside::server {

class tls_certificate;

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Binds and listens on `endpoint` (port 0 picks a free one); throws on failure, since a
  // server that cannot listen has nothing else to do. With `tls` (not null, outliving the
  // listener's connections) every connection starts with a TLS handshake.
  listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, context& ctx,
           tls_certificate* tls = nullptr);

  // The address actually bound (with the real port).
  boost::asio::ip::tcp::endpoint local_endpoint() const;
  // Starts accepting.
  void run();
  // Stops accepting; any thread.
  void stop();

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  context& ctx_;
  tls_certificate* tls_;
};

}  // namespace ringside::server
