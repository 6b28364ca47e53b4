// Server addresses: what connects where, and what is refused before any connection.
#include <doctest/doctest.h>

#include "clients/common/ws_url.hpp"

using ringside::client::ws_url;

TEST_CASE("server addresses") {
  const auto u = ws_url::parse("ws://127.0.0.1:9001/ws");
  REQUIRE(u);
  CHECK(u->host == "127.0.0.1");
  CHECK(u->port == "9001");
  CHECK(u->path == "/ws");
  CHECK(ws_url::parse("ws://localhost")->port == "80");
  CHECK(ws_url::parse("ws://[::1]:8080/ws")->host == "::1");
  CHECK_FALSE(ws_url::parse("ftp://127.0.0.1:8080/ws"));
  CHECK_FALSE(ws_url::parse("ws://:8080/ws"));
  CHECK_FALSE(ws_url::parse("ws://host:80x/ws"));
}

TEST_CASE("wss:// addresses are TLS, on 443 unless a port is given") {
  const auto u = ws_url::parse("wss://example.org/ws");
  REQUIRE(u);
  CHECK(u->secure);
  CHECK(u->host == "example.org");
  CHECK(u->port == "443");
  CHECK(u->text() == "wss://example.org:443/ws");
  CHECK(ws_url::parse("wss://127.0.0.1:8443")->port == "8443");
  CHECK_FALSE(ws_url::parse("ws://example.org")->secure);
  CHECK(ws_url::parse("ws://example.org")->text() == "ws://example.org:80/ws");
  CHECK(ws_url::parse("https://example.org/ws")->secure);
  CHECK_FALSE(ws_url::parse("wss://"));
}

TEST_CASE("the page's address names the server's WebSocket") {
  const auto plain = ws_url::parse("http://127.0.0.1:8080/");
  REQUIRE(plain);
  CHECK_FALSE(plain->secure);
  CHECK(plain->text() == "ws://127.0.0.1:8080/ws");
  CHECK(ws_url::parse("HTTP://localhost")->port == "80");
  const auto secure = ws_url::parse("https://example.org");
  REQUIRE(secure);
  CHECK(secure->secure);
  CHECK(secure->text() == "wss://example.org:443/ws");
  CHECK(ws_url::parse("WSS://example.org:8443/ws")->port == "8443");
}
