// Names that pass for a seated player's, tried while two players play beside them. Before,
// only a hand list of invisible characters was refused and names were compared by ASCII case
// alone: "alice" followed by U+1D173, U+180B, U+1BCA0 or U+13437, a Cyrillic "аlice", a
// fullwidth "ａｌｉｃｅ" and "cоmputer 5" (a Cyrillic o) were all accepted beside a seated
// "alice", and a browser drew several of them exactly as "alice". Chat could also carry a
// right-to-left override, which shows the rest of the line reversed.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {

TEST_CASE("look-alike names beside a seated alice: bad_name at hello or name_taken at join") {
  // Many new identities in a few seconds from one address: that cap is address_limits_test's.
  server_process srv({"--identities-per-address", "0"});
  timed_game_beside game(srv.port());  // alice and bob are seated
  rss_sampler rss(srv);
  const auto refused_before = metric(srv.port(), "ringside_names_refused_total");
  const json watch{{"type", "join"}, {"room", game.room()}, {"as", "spectator"}, {"id", 2}};
  const json play{{"type", "join"}, {"room", game.room()}, {"as", "player"}, {"id", 3}};
  int refusals = 0;
  for (int round = 0; round < 10; ++round) {
    // Invisible format characters, mixed scripts, and the computer's name in disguise: the
    // name itself is refused.
    for (const std::string name :
         {"alice\U0001D173", "alice\u180B", "alice\U0001BCA0", "alice\U00013437", "\u0430lice",
          "c\u043Emputer 5", "al\u200Bice", "\u202Ebob"}) {
      INFO(name);
      ws_client fake(srv.port());
      const auto e = fake.request({{"type", "hello"}, {"name", name}, {"id", 1}}, "error");
      CHECK(e.at("code") == "bad_name");
      ++refusals;
    }
    // Names that are fine alone but look like alice: welcome (fullwidth as plain "alice"),
    // then no seat and no spectating beside her.
    for (const std::string name : {"\uFF41\uFF4C\uFF49\uFF43\uFF45", "ALICE", "a1ice", "AIice",
                                   "\u0430\u0406\u0456\u0441\u0435" /* all Cyrillic */}) {
      INFO(name);
      ws_client fake(srv.port());
      const auto welcome = fake.hello(name);
      if (name.starts_with("\uFF41")) CHECK(welcome.at("name") == "alice");
      for (const json& join : {watch, play}) {
        const auto e = fake.request(join, "error");
        CHECK(e.at("code") == "name_taken");
        CHECK(e.at("message").get<std::string>().find("'alice'") != std::string::npos);
        ++refusals;
      }
    }
    // A spectator's chat that would show reversed is refused; an ordinary one goes through.
    ws_client carol(srv.port());
    carol.hello("carol");
    REQUIRE(carol.send(watch));
    CHECK(carol.next_of("joined").at("seat").is_null());
    REQUIRE(carol.send(
        {{"type", "chat"}, {"room", game.room()}, {"text", "\u202Eniw uoy ,ngiser I"}, {"id", 4}}));
    const auto e = carol.next_of("error");
    CHECK(e.at("code") == "bad_request");
    CHECK(e.at("message").get<std::string>().find("U+202E") != std::string::npos);
  }
  std::this_thread::sleep_for(1s);
  const auto report = game.stop();
  check_players_unharmed(report);
  CHECK(report.chats_seen == 0);  // no reversed chat reached the players
  CHECK(metric(srv.port(), "ringside_names_refused_total") - refused_before == refusals);
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
