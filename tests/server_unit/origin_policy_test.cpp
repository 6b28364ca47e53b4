// origin_policy: which web pages may open a WebSocket here, decided from the Origin and Host
// headers alone.
#include <doctest/doctest.h>

#include "server/origin_policy.hpp"

namespace ringside::server {

TEST_CASE("origin_policy: no Origin, the server's own page, and the allowed ones") {
  const origin_policy p({"https://play.example.org/"});
  CHECK(p.allows("", "anything:8080"));                       // not a browser
  CHECK(p.allows("http://127.0.0.1:8080", "127.0.0.1:8080"));  // its own page
  CHECK(p.allows("https://game.example:443", "game.example"));
  CHECK(p.allows("https://PLAY.example.org", "other:1"));
  CHECK_FALSE(p.allows("http://evil.example", "127.0.0.1:8080"));
  CHECK_FALSE(p.allows("http://127.0.0.1:8081", "127.0.0.1:8080"));
  CHECK_FALSE(p.allows("null", "127.0.0.1:8080"));
}

TEST_CASE("origin_policy: '*' lets any page in; check() refuses what no browser sends") {
  const origin_policy any({"*"});
  CHECK(any.allows("http://evil.example", "127.0.0.1:8080"));
  CHECK_FALSE(origin_policy::check("https://play.example.org").size() > 0);
  CHECK(origin_policy::check("play.example.org").size() > 0);
  CHECK(origin_policy::check("https://play.example.org/path").size() > 0);
}

}  // namespace ringside::server
