// GET /api/rooms with a query value that is not UTF-8 once %-decoded (`game=%ff`) used to end
// the server: the value went into a JSON document whose serialiser threw, and nothing caught
// it. Any page could do it with an <img src>, over TLS too. Each such request must get a 400
// saying why, and the players beside it must not notice.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/test_certificate.hpp"
#include "support/timed_game.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

TEST_CASE("room-list queries that are not UTF-8: a 400 each, the game goes on") {
  server_process srv;
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const char* targets[] = {"/api/rooms?game=%ff",        "/api/rooms?status=%c3%28",
                           "/api/rooms?limit=%ff",       "/api/rooms?before=%ff",
                           "/api/rooms?game=%c3%28&x=1", "/api/rooms?status=waiting&game=%ed%a0%80"};
  for (int round = 0; round < 12; ++round) {
    for (const char* target : targets) {
      const auto answer = http_get(srv.port(), target);
      CHECK_MESSAGE(answer.first == 400, target);
      CHECK_MESSAGE(answer.second.find("UTF-8") != std::string::npos, answer.second);
    }
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));
  check_players_unharmed(game.stop());
  // Refused by the check, not rescued by the last line of defence.
  CHECK(metric(srv.port(), "ringside_handler_faults_total") == 0);
  check_server_fine(srv);
  rss.check_settles();
}

TEST_CASE("the same queries over TLS: a 400, and the server stays up") {
  const test_certificate cert;
  server_process srv({"--tls-cert", cert.cert_file(), "--tls-key", cert.key_file()});
  for (const char* target : {"/api/rooms?game=%ff", "/api/rooms?before=%c3%28"}) {
    const auto answer = https_get(srv.port(), cert.cert_file(), target);
    CHECK_MESSAGE(answer.status == 400, target);
  }
  CHECK(https_get(srv.port(), cert.cert_file(), "/healthz").status == 200);
}

}  // namespace ringside::test
