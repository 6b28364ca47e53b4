#include "clients/common/http_get.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "clients/common/tls_client_context.hpp"
#include "net/transport.hpp"

namespace ringside::client {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

constexpr std::uint64_t body_limit = 1024 * 1024;

// One exchange; keeps itself alive through its handlers.
class http_fetch : public std::enable_shared_from_this<http_fetch> {
 public:
  http_fetch(boost::asio::io_context& io, ws_url server, std::string target,
             std::shared_ptr<ssl::context> tls, std::function<void(http_answer)> done,
             std::chrono::milliseconds timeout)
      : server_(std::move(server)),
        tls_(std::move(tls)),
        resolver_(io),
        stream_(tls_ ? net::transport(beast::tcp_stream(io), *tls_)
                     : net::transport(beast::tcp_stream(io))),
        done_(std::move(done)),
        timeout_(timeout) {
    req_ = {http::verb::get, target, 11};
    req_.set(http::field::host, server_.host + ":" + server_.port);
    req_.set(http::field::user_agent, "ringside-cli");
    req_.keep_alive(false);
    parser_.body_limit(body_limit);
  }

  void start() {
    stream_.tcp().expires_after(timeout_);
    resolver_.async_resolve(server_.host, server_.port,
                            [self = shared_from_this()](beast::error_code ec,
                                                        tcp::resolver::results_type results) {
                              if (ec) return self->fail(ec, "resolve");
                              self->stream_.tcp().async_connect(
                                  results, [self](beast::error_code e, const tcp::endpoint&) {
                                    self->on_connect(e);
                                  });
                            });
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return fail(ec, "connect");
    auto* tls = stream_.tls();
    if (tls == nullptr) return write();
    beast::error_code not_an_address;
    boost::asio::ip::make_address(server_.host, not_an_address);
    // SNI for a name (never for an address), as ws_connection does.
    if (not_an_address) {
      SSL_ctrl(tls->native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name,
               const_cast<char*>(server_.host.c_str()));
    }
    if ((SSL_CTX_get_verify_mode(tls_->native_handle()) & SSL_VERIFY_PEER) != 0)
      tls->set_verify_callback(ssl::host_name_verification(server_.host));
    tls->async_handshake(ssl::stream_base::client, [self = shared_from_this()](beast::error_code e) {
      if (e) return self->fail(e, "tls");
      self->write();
    });
  }

  void write() {
    http::async_write(stream_, req_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail(ec, "write");
      http::async_read(self->stream_, self->buffer_, self->parser_,
                       [self](beast::error_code e, std::size_t) {
                         if (e) return self->fail(e, "read");
                         beast::error_code ignored;
                         self->stream_.tcp().socket().shutdown(tcp::socket::shutdown_both, ignored);
                         self->finish({static_cast<int>(self->parser_.get().result_int()),
                                       std::move(self->parser_.get().body()), {}});
                       });
    });
  }

  void fail(beast::error_code ec, const char* stage) {
    finish({0, {}, std::string(stage) + ": " + ec.message()});
  }

  void finish(http_answer answer) {
    if (!done_) return;
    auto done = std::move(done_);
    done_ = nullptr;
    done(std::move(answer));
  }

  ws_url server_;
  std::shared_ptr<ssl::context> tls_;
  tcp::resolver resolver_;
  net::transport stream_;
  beast::flat_buffer buffer_;
  http::request<http::empty_body> req_;
  http::response_parser<http::string_body> parser_;
  std::function<void(http_answer)> done_;
  std::chrono::milliseconds timeout_;
};

std::shared_ptr<ssl::context> system_tls() {
  std::string ignored;
  if (auto made = make_tls_client_context({}, ignored)) return made;
  auto nobody = std::make_shared<ssl::context>(ssl::context::tls_client);
  nobody->set_verify_mode(ssl::verify_peer);
  return nobody;
}

}  // namespace

void http_get(boost::asio::io_context& io, const ws_url& server, std::string target,
              std::shared_ptr<ssl::context> tls, std::function<void(http_answer)> done,
              std::chrono::milliseconds timeout) {
  if (server.secure && !tls) tls = system_tls();
  if (!server.secure) tls = nullptr;
  std::make_shared<http_fetch>(io, server, std::move(target), std::move(tls), std::move(done),
                               timeout)
      ->start();
}

std::string url_encode(std::string_view text) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~') {
      out.push_back(ch);
    } else {
      out.push_back('%');
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    }
  }
  return out;
}

}  // namespace ringside::client
