#include "server/tls_handshake.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/write.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <string>

#include "common/version.hpp"
#include "net/transport.hpp"
#include "server/http_session.hpp"
#include "server/metrics.hpp"
#include "server/tls_certificate.hpp"

namespace ringside::server {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = net::ssl;

namespace {

// For the first bytes and the whole TLS handshake: a client slower than this is not one.
constexpr auto handshake_timeout = std::chrono::seconds(10);
// On a spare descriptor at the open-files limit (see http_session).
constexpr auto spare_handshake_timeout = std::chrono::milliseconds(500);

std::string plain_refusal() {
  const std::string body = "this port speaks TLS: use https:// and wss:// here\n";
  return "HTTP/1.1 400 Bad Request\r\nServer: " + std::string(product_token) +
         "\r\nContent-Type: text/plain\r\n"
         "Content-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

}  // namespace

tls_handshake::tls_handshake(net::ip::tcp::socket&& socket, context& ctx,
                             const tls_certificate& certificate, client_slot connection,
                             std::shared_ptr<void> spare)
    : connection_(std::move(connection)),
      spare_(std::move(spare)),
      stream_(std::move(socket)),
      ctx_(ctx),
      certificate_(certificate) {}

void tls_handshake::run() {
  if (spare_)
    stream_.expires_after(spare_handshake_timeout);
  else
    stream_.expires_after(handshake_timeout);
  beast::async_detect_ssl(stream_, buffer_,
                          beast::bind_front_handler(&tls_handshake::on_detect, shared_from_this()));
}

void tls_handshake::on_detect(beast::error_code ec, bool is_tls) {
  if (ec) return spdlog::debug("tls: {}", ec.message());
  if (!is_tls) return refuse_plain();
  beast::error_code peer_ec;
  const auto peer = stream_.socket().remote_endpoint(peer_ec);
  if (peer_ec) return;
  if (!ctx_.clients.admit_tls_handshake(peer.address().to_string())) {
    ctx_.stats.tls_handshakes_refused.fetch_add(1);
    return stream_.close();
  }
  // The certificate current now serves this connection for its whole life, whatever a
  // reload does meanwhile.
  const auto certificate = certificate_.current();
  auto secured = std::make_shared<ringside::net::transport>(std::move(stream_), *certificate);
  secured->tls()->async_handshake(
      ssl::stream_base::server, buffer_.data(),
      // `used` has a default only because Beast 1.81 checks this handler against the
      // unbuffered handshake's signature, void(error_code), as well.
      [self = shared_from_this(), secured](beast::error_code e, std::size_t used = 0) {
        if (e) return spdlog::debug("tls handshake: {}", e.message());
        self->buffer_.consume(used);
        secured->tcp().expires_never();
        std::make_shared<http_session>(std::move(*secured), std::move(self->buffer_), self->ctx_,
                                       std::move(self->connection_), std::move(self->spare_))
            ->run();
      });
}

void tls_handshake::refuse_plain() {
  static const std::string refusal = plain_refusal();
  net::async_write(stream_, net::buffer(refusal),
                   [self = shared_from_this()](beast::error_code ec, std::size_t) {
                     if (ec) return self->stream_.close();
                     beast::error_code ignored;
                     self->stream_.socket().shutdown(net::socket_base::shutdown_send, ignored);
                     self->drain();
                   });
}

// Reads what the client still sends until it closes (or the timeout): closing with unread
// bytes would reset the connection, and the client could lose the answer.
void tls_handshake::drain() {
  buffer_.clear();
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return self->stream_.close();
                            self->drain();
                          });
}

}  // namespace ringside::server
