// The client's address as the per-address limits count it: IPv4-mapped peers of a server on
// "::" as plain IPv4, IPv6 clients by their prefix, and X-Forwarded-For only from a trusted
// proxy, whichever form the proxy's own address arrives in.

#include <doctest/doctest.h>

#include <boost/beast/http/fields.hpp>

#include "server/client_address.hpp"
#include "server/client_limits.hpp"

namespace ringside::server {
namespace {

namespace ip = boost::asio::ip;

std::string key_of(const std::string& text, unsigned prefix = 64) {
  const auto a = parse_client_address(text);
  REQUIRE(a.has_value());
  return address_limit_key(*a, prefix);
}

TEST_CASE("an IPv4-mapped address is written as IPv4") {
  CHECK(address_text(ip::make_address("::ffff:127.0.0.1")) == "127.0.0.1");
  CHECK(address_text(ip::make_address("::ffff:203.0.113.7")) == "203.0.113.7");
  CHECK(address_text(ip::make_address("2001:db8::1")) == "2001:db8::1");
  CHECK(address_text(ip::make_address("10.1.2.3")) == "10.1.2.3");
}

TEST_CASE("addresses as proxies write them, with or without a port") {
  CHECK(parse_client_address("203.0.113.7")->to_string() == "203.0.113.7");
  CHECK(parse_client_address(" 203.0.113.7:5000 ")->to_string() == "203.0.113.7");
  CHECK(parse_client_address("[2001:db8::1]:443")->to_string() == "2001:db8::1");
  CHECK(parse_client_address("2001:db8::1")->to_string() == "2001:db8::1");
  CHECK(parse_client_address("::ffff:198.51.100.2")->to_string() == "198.51.100.2");
  CHECK(parse_client_address("[::ffff:198.51.100.2]:80")->to_string() == "198.51.100.2");
  CHECK_FALSE(parse_client_address("").has_value());
  CHECK_FALSE(parse_client_address("unknown").has_value());
  CHECK_FALSE(parse_client_address("[2001:db8::1").has_value());
  CHECK_FALSE(parse_client_address("203.0.113.7, 10.0.0.1").has_value());
}

TEST_CASE("IPv6 clients count by their /64 unless told otherwise") {
  CHECK(key_of("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64");
  CHECK(key_of("2001:db8:1:2::1") == key_of("2001:db8:1:2:ffff:ffff:ffff:ffff"));
  CHECK(key_of("2001:db8:1:2::1") != key_of("2001:db8:1:3::1"));
  CHECK(key_of("2001:db8:1:2:aaaa::1", 48) == "2001:db8:1::/48");
  CHECK(key_of("2001:db8:1:2:aaaa::1", 56) == "2001:db8:1::/56");
  CHECK(key_of("2001:db8:1:2ff:aaaa::1", 56) == "2001:db8:1:200::/56");
  CHECK(key_of("2001:db8::1", 128) == "2001:db8::1");
  CHECK(key_of("2001:db8::1", 127) == "2001:db8::/127");
  CHECK(key_of("ffff::1", 1) == "8000::/1");
  // IPv4 is never masked, mapped or not.
  CHECK(key_of("203.0.113.7") == "203.0.113.7");
  CHECK(key_of("::ffff:203.0.113.7") == "203.0.113.7");
  CHECK(key_of("::ffff:203.0.113.7", 8) == "203.0.113.7");
}

TEST_CASE("client_address: a trusted proxy's peer matches in its IPv4-mapped form too") {
  client_limit_settings s;
  s.trusted_proxies = {"127.0.0.1"};
  const client_limits limits(s);
  boost::beast::http::fields h;
  h.set("X-Forwarded-For", "10.9.9.9, 203.0.113.7");
  CHECK(limits.client_address("::ffff:127.0.0.1", h) == "203.0.113.7");
  CHECK(limits.client_address("127.0.0.1", h) == "203.0.113.7");
  // Anyone else's header is their own claim.
  CHECK(limits.client_address("::ffff:192.0.2.1", h) == "192.0.2.1");
  CHECK(limits.client_address("2001:db8:5:6::9", h) == "2001:db8:5:6::/64");
  // The proxy forwarding an IPv6 client: counted by its prefix as well.
  h.set("X-Forwarded-For", "[2001:db8:7:8::1]:5555");
  CHECK(limits.client_address("127.0.0.1", h) == "2001:db8:7:8::/64");
  // Not an address: the proxy's own counts.
  h.set("X-Forwarded-For", "unknown");
  CHECK(limits.client_address("::ffff:127.0.0.1", h) == "127.0.0.1");
}

TEST_CASE("client_address with --ipv6-prefix 128 counts every IPv6 address apart") {
  client_limit_settings s;
  s.ipv6_prefix = 128;
  const client_limits limits(s);
  const boost::beast::http::fields none;
  CHECK(limits.client_address("2001:db8:5:6::9", none) == "2001:db8:5:6::9");
}

}  // namespace
}  // namespace ringside::server
