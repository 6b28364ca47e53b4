// What every HTTP answer tells a browser: a Content-Security-Policy that keeps the page on its
// own server (plus the --allow-origin origins) and out of other sites' frames, nosniff, a
// Referrer-Policy, and Strict-Transport-Security over TLS only. On the page, a script, the
// API's answers and its refusals alike.
#include <doctest/doctest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include "support/server_process.hpp"
#include "support/test_certificate.hpp"
#include "support/ws_client.hpp"

// Named, not anonymous: the unity build puts this file beside others with their own fetch().
namespace ringside::test::browser_headers {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;

using response = http::response<http::string_body>;

const auto loopback = net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), 0);

http::request<http::empty_body> get(const std::string& target, http::verb method) {
  http::request<http::empty_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  return req;
}

// One request on a fresh plain connection.
response fetch(std::uint16_t port, const std::string& target, http::verb method = http::verb::get) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(net::ip::tcp::endpoint(loopback.address(), port));
  http::write(stream, get(target, method));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1024 * 1024);
  parser.skip(method == http::verb::head);
  http::read(stream, buffer, parser);
  return parser.release();
}

// The same over TLS, trusting `ca_file`.
response fetch_tls(std::uint16_t port, const std::string& ca_file, const std::string& target) {
  net::io_context ioc;
  const auto ctx = trusting(ca_file);
  beast::ssl_stream<beast::tcp_stream> stream(ioc, *ctx);
  beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(stream).connect(net::ip::tcp::endpoint(loopback.address(), port));
  stream.set_verify_callback(ssl::host_name_verification("127.0.0.1"));
  stream.handshake(ssl::stream_base::client);
  http::write(stream, get(target, http::verb::get));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1024 * 1024);
  http::read(stream, buffer, parser);
  beast::error_code ec;
  stream.shutdown(ec);  // the server's close_notify, or its TCP close: either ends it
  return parser.release();
}

// One directive of a Content-Security-Policy ("connect-src 'self' ..."), or "" when absent.
std::string directive(std::string_view policy, std::string_view name) {
  while (!policy.empty()) {
    const auto semi = policy.find(';');
    auto item = policy.substr(0, semi);
    while (item.starts_with(' ')) item.remove_prefix(1);
    if (item.starts_with(name) && (item.size() == name.size() || item[name.size()] == ' '))
      return std::string(item);
    if (semi == std::string_view::npos) break;
    policy.remove_prefix(semi + 1);
  }
  return {};
}

// The headers every answer carries, whatever it is; `tls` when it came over TLS.
void check_browser_headers(const response& res, bool tls) {
  const std::string csp(res["Content-Security-Policy"]);
  CHECK(directive(csp, "default-src") == "default-src 'self'");
  CHECK(directive(csp, "frame-ancestors") == "frame-ancestors 'none'");
  CHECK(directive(csp, "object-src") == "object-src 'none'");
  CHECK(directive(csp, "base-uri") == "base-uri 'none'");
  // No inline script or style: nothing widens script-src or style-src beyond default-src.
  CHECK(directive(csp, "script-src").empty());
  CHECK(directive(csp, "style-src").empty());
  CHECK(csp.find("unsafe") == std::string::npos);
  CHECK(res["X-Content-Type-Options"] == "nosniff");
  CHECK(res[http::field::x_frame_options] == "DENY");
  CHECK(res["Referrer-Policy"] == "same-origin");
  if (tls) {
    CHECK(res[http::field::strict_transport_security] == "max-age=31536000");
  } else {
    CHECK(res.count(http::field::strict_transport_security) == 0);
  }
}

TEST_CASE(
    "security headers: the page, a script, the API, a 304, a 404 and a 405, over plain HTTP") {
  server_process srv;
  const auto page = fetch(srv.port(), "/");
  REQUIRE(page.result_int() == 200);
  CHECK(page[http::field::content_type] == "text/html; charset=utf-8");
  check_browser_headers(page, false);
  // The page talks to its own server only: 'self' (ws:// to the same host and port included).
  CHECK(directive(page["Content-Security-Policy"], "connect-src") == "connect-src 'self'");

  const auto script = fetch(srv.port(), "/js/connection.js");
  REQUIRE(script.result_int() == 200);
  CHECK(script[http::field::content_type] == "text/javascript; charset=utf-8");
  check_browser_headers(script, false);

  const auto head = fetch(srv.port(), "/style.css", http::verb::head);
  REQUIRE(head.result_int() == 200);
  check_browser_headers(head, false);

  for (const std::string target : {"/healthz", "/api/rooms", "/no-such-file", "/ws"}) {
    INFO(target);
    check_browser_headers(fetch(srv.port(), target), false);
  }
  const auto refused = fetch(srv.port(), "/", http::verb::post);
  CHECK(refused.result_int() == 405);
  check_browser_headers(refused, false);
}

TEST_CASE("security headers: a revalidated file (304) keeps them") {
  server_process srv;
  const auto first = fetch(srv.port(), "/js/app.js");
  REQUIRE(first.result_int() == 200);
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(net::ip::tcp::endpoint(loopback.address(), srv.port()));
  auto req = get("/js/app.js", http::verb::get);
  req.set(http::field::if_none_match, first[http::field::etag]);
  http::write(stream, req);
  beast::flat_buffer buffer;
  response again;
  http::read(stream, buffer, again);
  REQUIRE(again.result_int() == 304);
  check_browser_headers(again, false);
}

TEST_CASE("security headers: --allow-origin widens connect-src to that origin and its WebSocket") {
  server_process srv({"--allow-origin", "https://play.example.org", "--allow-origin",
                      "http://127.0.0.1:9", "--allow-origin", "*"});
  const auto page = fetch(srv.port(), "/");
  REQUIRE(page.result_int() == 200);
  check_browser_headers(page, false);
  // '*' lets any page connect here; it does not let this page connect anywhere.
  CHECK(directive(page["Content-Security-Policy"], "connect-src") ==
        "connect-src 'self' https://play.example.org wss://play.example.org "
        "http://127.0.0.1:9 ws://127.0.0.1:9");
}

TEST_CASE("security headers: over TLS, Strict-Transport-Security as well") {
  test_certificate cert;
  server_process srv({"--tls-cert", cert.cert_file(), "--tls-key", cert.key_file()});
  for (const std::string target : {"/", "/js/connection.js", "/healthz", "/no-such-file"}) {
    INFO(target);
    const auto res = fetch_tls(srv.port(), cert.cert_file(), target);
    CHECK(res.result_int() == (target == "/no-such-file" ? 404 : 200));
    check_browser_headers(res, true);
  }
}

}  // namespace ringside::test::browser_headers
