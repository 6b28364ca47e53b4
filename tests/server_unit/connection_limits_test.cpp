// client_limits' count of every connection by peer address, and its budget of TLS handshakes,
// without a server: time is passed in.
#include <doctest/doctest.h>

#include <chrono>
#include <vector>

#include "server/client_limits.hpp"

namespace ringside::server {
namespace {

using namespace std::chrono_literals;

client_limit_settings small_caps() {
  client_limit_settings s;
  s.tcp_connections_per_address = 3;
  s.tls_handshakes_per_address = 4;
  s.trusted_proxies = {"192.0.2.1"};
  return s;
}

TEST_CASE("an address holds at most its cap of connections, and a closed one frees a place") {
  const auto settings = small_caps();
  client_limits limits(settings);
  std::vector<client_slot> held(3);
  for (auto& slot : held) CHECK(limits.admit_connection("203.0.113.7", slot));
  CHECK(limits.connections_of("203.0.113.7") == 3);
  client_slot refused;
  CHECK_FALSE(limits.admit_connection("203.0.113.7", refused));
  CHECK(refused.key().empty());
  CHECK(limits.connections_of("203.0.113.7") == 3);  // a refusal holds nothing

  // Another address is not held back by this one.
  client_slot other;
  CHECK(limits.admit_connection("203.0.113.8", other));

  held.front().release();
  client_slot again;
  CHECK(limits.admit_connection("203.0.113.7", again));
  CHECK(limits.connections_of("203.0.113.7") == 3);
}

TEST_CASE("a connection's slot moved from session to session is counted once") {
  const auto settings = small_caps();
  client_limits limits(settings);
  client_slot in_http;
  REQUIRE(limits.admit_connection("203.0.113.7", in_http));
  client_slot in_websocket(std::move(in_http));
  CHECK(limits.connections_of("203.0.113.7") == 1);
  in_websocket = client_slot();
  CHECK(limits.connections_of("203.0.113.7") == 0);
}

TEST_CASE("a trusted proxy's connections are neither capped nor counted") {
  const auto settings = small_caps();
  client_limits limits(settings);
  std::vector<client_slot> held(10);
  for (auto& slot : held) CHECK(limits.admit_connection("192.0.2.1", slot));
  CHECK(limits.connections_of("192.0.2.1") == 0);
  for (int i = 0; i < 10; ++i) CHECK(limits.admit_tls_handshake("192.0.2.1"));
}

TEST_CASE("no cap with 0") {
  auto settings = small_caps();
  settings.tcp_connections_per_address = 0;
  settings.tls_handshakes_per_address = 0;
  client_limits limits(settings);
  std::vector<client_slot> held(100);
  for (auto& slot : held) CHECK(limits.admit_connection("203.0.113.7", slot));
  for (int i = 0; i < 100; ++i) CHECK(limits.admit_tls_handshake("203.0.113.7"));
}

TEST_CASE("TLS handshakes per address: a budget per 10 s, given back as the window slides") {
  const auto settings = small_caps();
  client_limits limits(settings);
  const auto t0 = client_limits::clock::time_point{} + 1h;
  for (int i = 0; i < 4; ++i) CHECK(limits.admit_tls_handshake("203.0.113.7", t0 + i * 1s));
  CHECK_FALSE(limits.admit_tls_handshake("203.0.113.7", t0 + 5s));
  CHECK(limits.admit_tls_handshake("203.0.113.8", t0 + 5s));  // its own budget
  CHECK_FALSE(limits.admit_tls_handshake("203.0.113.7", t0 + 9s));
  CHECK(limits.admit_tls_handshake("203.0.113.7", t0 + 10s));  // the first has left the window
  CHECK_FALSE(limits.admit_tls_handshake("203.0.113.7", t0 + 10s));
}

}  // namespace
}  // namespace ringside::server
