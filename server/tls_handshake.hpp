#pragma once
// tls_handshake: the first step of a connection on a TLS port. It peeks at the first bytes:
// a TLS client gets the handshake (with the certificate current at that moment) and then an
// http_session over TLS; a plain-HTTP client gets a short 400 saying to use https:// or
// wss://, and is closed. Either must get through this within a few seconds. A peer address
// past --tls-handshakes-per-address is closed before its handshake, which is what costs CPU.

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core.hpp>
#include <memory>

#include "server/context.hpp"

namespace ringside::server {

class tls_certificate;

class tls_handshake : public std::enable_shared_from_this<tls_handshake> {
 public:
  // Takes a freshly accepted socket whose executor is a strand; `certificate` serves it.
  // `connection`: its count against the peer address, handed on to the http_session.
  // `spare`: see http_session (the connection holds a spare descriptor; a short deadline).
  tls_handshake(boost::asio::ip::tcp::socket&& socket, context& ctx,
                const tls_certificate& certificate, client_slot connection = {},
                std::shared_ptr<void> spare = {});

  void run();

 private:
  void on_detect(boost::beast::error_code ec, bool is_tls);
  void refuse_plain();
  void drain();

  // Declared first: given back after the socket is closed.
  client_slot connection_;
  std::shared_ptr<void> spare_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  context& ctx_;
  const tls_certificate& certificate_;
};

}  // namespace ringside::server
