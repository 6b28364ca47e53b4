// TLS on the game port (--tls-cert, --tls-key), with a certificate made for the test:
// https:// and wss:// on one port, TLS 1.2 with AEAD suites only, a plain client refused
// cleanly, a client that does not trust the certificate refused, and SIGHUP swapping the
// certificate for new connections while a game on connections made before goes on.
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/server_process.hpp"
#include "support/table.hpp"
#include "support/test_certificate.hpp"

namespace ringside::test {
namespace {

std::vector<std::string> tls_flags(const test_certificate& c) {
  return {"--tls-cert", c.cert_file(), "--tls-key", c.key_file()};
}

// The serial a new connection is served, or "" when the handshake fails (not trusted).
std::string served_serial(std::uint16_t port, const std::string& ca_file) {
  try {
    return https_get(port, ca_file, "/healthz").serial;
  } catch (const std::exception&) {
    return "";
  }
}

// Sends `request` over plain TCP and reads until the server closes. `reset` says whether the
// close was a reset rather than an orderly end.
struct plain_exchange {
  std::string answer;
  bool reset = false;
};
plain_exchange plain_tcp(std::uint16_t port, const std::string& request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  timeval limit{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  REQUIRE(::send(fd, request.data(), request.size(), 0) == static_cast<ssize_t>(request.size()));
  plain_exchange out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n > 0) {
      out.answer.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    out.reset = n < 0;
    INFO("recv: " << (n < 0 ? std::strerror(errno) : "end of stream"));
    CHECK_MESSAGE(n == 0, "the server ends the connection in time, without a reset");
    break;
  }
  ::close(fd);
  return out;
}

// The suite a TLS 1.2 handshake offering only `ciphers` (OpenSSL's names) agrees on, or ""
// when the server takes none of them.
std::string tls12_suite(std::uint16_t port, const std::string& ca_file, const char* ciphers) {
  boost::asio::io_context ioc;
  const auto ctx = trusting(ca_file);
  SSL_CTX_set_max_proto_version(ctx->native_handle(), TLS1_2_VERSION);
  REQUIRE(SSL_CTX_set_cipher_list(ctx->native_handle(), ciphers) == 1);
  boost::beast::ssl_stream<boost::beast::tcp_stream> stream(ioc, *ctx);
  boost::beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
  boost::beast::get_lowest_layer(stream).connect(
      {boost::asio::ip::make_address("127.0.0.1"), port});
  boost::beast::error_code ec;
  stream.handshake(boost::asio::ssl::stream_base::client, ec);
  INFO("handshake offering " << ciphers << ": " << ec.message());
  if (ec) return "";
  std::string suite = SSL_get_cipher_name(stream.native_handle());
  CHECK(std::string(SSL_get_version(stream.native_handle())) == "TLSv1.2");
  stream.shutdown(ec);
  return suite;
}

}  // namespace

TEST_CASE("tls: TLS 1.2 takes only AEAD suites with ECDHE, TLS 1.3 as before") {
  test_certificate cert;  // an ECDSA key (P-256): the suites below are its ECDSA ones
  server_process srv(tls_flags(cert));
  // CBC with an HMAC, SHA-1 or SHA-256: refused.
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES128-SHA").empty());
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES256-SHA").empty());
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES128-SHA256").empty());
  // AES-GCM and ChaCha20-Poly1305: taken.
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES128-GCM-SHA256") ==
        "ECDHE-ECDSA-AES128-GCM-SHA256");
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES256-GCM-SHA384") ==
        "ECDHE-ECDSA-AES256-GCM-SHA384");
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-CHACHA20-POLY1305") ==
        "ECDHE-ECDSA-CHACHA20-POLY1305");
  // A client offering every suite (CBC ones first) still gets an AEAD one.
  CHECK(tls12_suite(srv.port(), cert.cert_file(), "ECDHE-ECDSA-AES128-SHA:ALL") ==
        "ECDHE-ECDSA-AES128-GCM-SHA256");
  // TLS 1.3, the default of a client that may: its own suites, unchanged.
  CHECK(https_get(srv.port(), cert.cert_file(), "/healthz").status == 200);
}

TEST_CASE("tls: https GET /healthz, and a game over wss:// on the same port") {
  test_certificate cert(11);
  server_process srv(tls_flags(cert));
  const auto health = https_get(srv.port(), cert.cert_file(), "/healthz");
  CHECK(health.status == 200);
  CHECK(json::parse(health.body).at("status") == "ok");
  CHECK(health.serial == serial_hex(11));

  table t(srv.port(), {{"variant", "blitz"}}, cert.cert_file());
  t.play(1, placement(t.seat(1).state(), "G"));
  t.play(2, placement(t.seat(2).state(), "W"));
  const auto snapshot = t.sync(1);
  CHECK(snapshot.at("version") == t.version());
  CHECK(snapshot.at("state") == t.seat(1).state());
  CHECK(t.seat(2).state() == t.seat(1).state());
}

TEST_CASE("tls: a plain client on the TLS port gets a 400 and an orderly close") {
  test_certificate cert;
  server_process srv(tls_flags(cert));
  const auto plain = plain_tcp(
      srv.port(), "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  CHECK(plain.answer.rfind("HTTP/1.1 400 Bad Request\r\n", 0) == 0);
  CHECK(plain.answer.find("use https:// and wss://") != std::string::npos);
  CHECK_FALSE(plain.reset);
  // A plain ws:// upgrade is declined the same way.
  CHECK_THROWS(ws_client(srv.port()));
  // A client that does not trust the certificate gets no connection.
  test_certificate stranger(99);
  CHECK(served_serial(srv.port(), stranger.cert_file()).empty());
  // And the server serves the ones that do.
  CHECK(https_get(srv.port(), cert.cert_file(), "/healthz").status == 200);
}

TEST_CASE("tls: SIGHUP swaps the certificate for new connections, open games go on") {
  test_certificate cert(21);
  server_process srv(tls_flags(cert));
  table t(srv.port(), {{"variant", "blitz"}}, cert.cert_file());
  t.play(1, placement(t.seat(1).state(), "G"));

  cert.remake(22);
  REQUIRE(::kill(srv.pid(), SIGHUP) == 0);
  // The reload runs on the server's time: a new connection sees it within a moment.
  std::string serial;
  for (int i = 0; i < 50 && serial != serial_hex(22); ++i) {
    std::this_thread::sleep_for(100ms);
    serial = served_serial(srv.port(), cert.cert_file());
  }
  CHECK(serial == serial_hex(22));
  // The players' connections, made with the old certificate, play on.
  t.play(2, placement(t.seat(2).state(), "W"));

  // Files that do not load leave the current certificate in use.
  const std::string kept = cert.cert_file() + ".kept";
  std::filesystem::copy_file(cert.cert_file(), kept);
  { std::ofstream(cert.cert_file(), std::ios::trunc) << "not a certificate\n"; }
  REQUIRE(::kill(srv.pid(), SIGHUP) == 0);
  std::this_thread::sleep_for(300ms);
  CHECK(srv.running());
  CHECK(served_serial(srv.port(), kept) == serial_hex(22));
  t.play(1, placement(t.seat(1).state(), "B"));
  CHECK(t.sync(2).at("version") == t.version());
}

}  // namespace ringside::test
