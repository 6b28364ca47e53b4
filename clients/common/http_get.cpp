#include "clients/common/http_get.hpp"

#include <openssl/ssl.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <exception>

#include "clients/common/tls_client_context.hpp"

namespace ringside::client {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;
using net::use_awaitable;

namespace {

constexpr auto time_limit = std::chrono::seconds(15);
constexpr std::uint64_t body_limit = 8 * 1024 * 1024;

template <class Stream>
net::awaitable<http_answer> exchange(Stream& stream, const ws_url& url, const std::string& target) {
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, url.host + ":" + url.port);
  req.set(http::field::user_agent, "ringside-cli");
  co_await http::async_write(stream, req, use_awaitable);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(body_limit);
  co_await http::async_read(stream, buffer, parser, use_awaitable);
  co_return http_answer{static_cast<int>(parser.get().result_int()), parser.get().body(), {}};
}

net::awaitable<http_answer> fetch(ws_url url, std::shared_ptr<ssl::context> tls,
                                  std::string target) {
  auto ex = co_await net::this_coro::executor;
  net::ip::tcp::resolver resolver(ex);
  const auto found = co_await resolver.async_resolve(url.host, url.port, use_awaitable);
  beast::tcp_stream tcp(ex);
  tcp.expires_after(time_limit);
  co_await tcp.async_connect(found, use_awaitable);
  if (!url.secure) co_return co_await exchange(tcp, url, target);
  beast::ssl_stream<beast::tcp_stream> stream(std::move(tcp), *tls);
  // SNI for a name, never an address (SSL_set_tlsext_host_name, without its old-style cast).
  boost::system::error_code not_an_address;
  net::ip::make_address(url.host, not_an_address);
  if (not_an_address) {
    SSL_ctrl(stream.native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name,
             const_cast<char*>(url.host.c_str()));
  }
  if ((SSL_CTX_get_verify_mode(tls->native_handle()) & SSL_VERIFY_PEER) != 0) {
    stream.set_verify_callback(ssl::host_name_verification(url.host));
  }
  co_await stream.async_handshake(ssl::stream_base::client, use_awaitable);
  co_return co_await exchange(stream, url, target);
}

}  // namespace

void http_get(net::io_context& io, const ws_url& server, std::shared_ptr<ssl::context> tls,
              std::string target, std::function<void(http_answer)> done) {
  if (server.secure && !tls) {
    std::string why;
    tls = make_tls_client_context({}, why);
    if (!tls) {
      net::post(io, [done = std::move(done), why] { done(http_answer{0, {}, why}); });
      return;
    }
  }
  net::co_spawn(io, fetch(server, std::move(tls), std::move(target)),
                [done = std::move(done)](std::exception_ptr failed, http_answer answer) {
                  if (failed) {
                    try {
                      std::rethrow_exception(failed);
                    } catch (const std::exception& e) {
                      answer = http_answer{0, {}, e.what()};
                    }
                  }
                  done(std::move(answer));
                });
}

}  // namespace ringside::client
