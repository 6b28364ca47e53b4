// Which host names the server answers to: with --public-host, those names (any port, or the
// one given), IP addresses and localhost; a rebound name is refused. Without, every name.

#include <doctest/doctest.h>

#include "server/host_policy.hpp"

namespace ringside::server {
namespace {

TEST_CASE("without --public-host every Host is answered") {
  const host_policy any({});
  CHECK_FALSE(any.enforced());
  CHECK(any.allows("evil.example"));
  CHECK(any.allows(""));
}

TEST_CASE("with --public-host only its names, addresses and localhost are answered") {
  const host_policy p({"Play.Example.org", "alt.example.org:8443"});
  CHECK(p.enforced());
  CHECK(p.listed() == "play.example.org, alt.example.org:8443");
  CHECK(p.allows("play.example.org"));
  CHECK(p.allows("PLAY.example.ORG:8080"));
  CHECK(p.allows("play.example.org."));  // the fully qualified form
  CHECK(p.allows("alt.example.org:8443"));
  CHECK_FALSE(p.allows("alt.example.org:8080"));
  CHECK_FALSE(p.allows("alt.example.org"));
  // A rebinding page's Host is its own name.
  CHECK_FALSE(p.allows("evil.example"));
  CHECK_FALSE(p.allows("evil.example:8080"));
  CHECK_FALSE(p.allows("play.example.org.evil.example"));
  CHECK_FALSE(p.allows("example.org"));
  CHECK_FALSE(p.allows("[2001:db8::1"));
  // An address or localhost cannot be a rebound name.
  CHECK(p.allows("203.0.113.7:8080"));
  CHECK(p.allows("127.0.0.1"));
  CHECK(p.allows("[::1]:8080"));
  CHECK(p.allows("[2001:db8::1]"));
  CHECK(p.allows("localhost:8080"));
  CHECK(p.allows("LocalHost"));
  // No Host: not a browser (HTTP/1.0 tools).
  CHECK(p.allows(""));
}

TEST_CASE("--public-host values a Host header could never match are refused at start") {
  CHECK(host_policy::check("play.example.org").empty());
  CHECK(host_policy::check("play.example.org:8443").empty());
  CHECK(host_policy::check("[2001:db8::1]:443").empty());
  CHECK_FALSE(host_policy::check("https://play.example.org").empty());
  CHECK_FALSE(host_policy::check("play.example.org/").empty());
  CHECK_FALSE(host_policy::check("").empty());
  CHECK_FALSE(host_policy::check(":8080").empty());
  CHECK_FALSE(host_policy::check("play.example.org:http").empty());
  CHECK_FALSE(host_policy::check("play.example.org:123456").empty());
}

}  // namespace
}  // namespace ringside::server
