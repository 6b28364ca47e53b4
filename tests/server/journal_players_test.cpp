// The journal's reads for players' pages, on a real SQLite file: who a name stands for, a
// player's finished games newest first in pages that neither skip nor repeat a game (ties in
// finish time included), one game alone, and the tally.
#include "journal_test_support.hpp"

namespace ringside::journal_test {

namespace {

// A finished game between alice (seat 1) and bob, its finish time set to `finished_ms`.
void finished(journal& j, const fs::path& dir, const std::string& id, const std::string& game,
              int winner, std::int64_t finished_ms) {
  auto r = sample_room(id, finished_ms);
  r.game = game;
  REQUIRE(j.save_room(r));
  REQUIRE(j.update_seats(id, {seat_row{"p-alice", "alice"}, seat_row{"p-bob", "bob"}}, "playing"));
  REQUIRE(j.finish_room(id, room_result{winner, winner ? "resignation" : "agreement"}, "", ""));
  query_one(dir / "ringside.db", "UPDATE rooms SET finished_ms = " + std::to_string(finished_ms) +
                                     " WHERE id = '" + id + "'");
}

std::vector<std::string> ids(const std::vector<player_game_row>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.push_back(r.room_id);
  return out;
}

}  // namespace

TEST_CASE("journal: a player's games come newest first, in pages, by game, with a tally") {
  temp_dir t;
  auto j = open_ok(t.path);
  finished(*j, t.path, "ra", "zertz", 1, 1000);
  finished(*j, t.path, "rb", "zertz", 2, 1000);  // the same millisecond as ra
  finished(*j, t.path, "rc", "dvonn", 0, 2000);
  REQUIRE(j->save_room(sample_room("rd", 3000)));  // alice waits here: not finished, not listed

  auto page = j->player_games("p-alice", "", std::nullopt, 2);
  REQUIRE(page);
  CHECK(ids(*page) == std::vector<std::string>{"rc", "rb"});
  CHECK((*page)[0] == player_game_row{"rc", "dvonn", "tournament", 1, "bob", 0, "agreement", 2000});
  auto rest = j->player_games("p-alice", "", player_games_cursor{1000, "rb"}, 2);
  REQUIRE(rest);
  CHECK(ids(*rest) == std::vector<std::string>{"ra"});

  auto bobs = j->player_games("p-bob", "zertz", std::nullopt, 10);
  REQUIRE(bobs);
  CHECK(ids(*bobs) == std::vector<std::string>{"rb", "ra"});
  CHECK((*bobs)[0].seat == 2);
  CHECK((*bobs)[0].opponent == "alice");
  CHECK((*bobs)[0].winner == 2);

  const auto tally = j->player_tally_of("p-alice");
  REQUIRE(tally);
  CHECK(tally->wins == 1);
  CHECK(tally->losses == 1);
  CHECK(tally->draws == 1);
  const auto nobody = j->player_tally_of("p-nobody");
  REQUIRE(nobody);
  CHECK(nobody->wins + nobody->losses + nobody->draws == 0);
}

TEST_CASE("journal: a name stands for the player whose latest seat bore it, in any case") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(sample_room("r1", 1000)));  // p-alice as "alice"
  auto found = j->player_by_seat_name("ALICE");
  REQUIRE(found);
  REQUIRE(found->has_value());
  CHECK(**found == seat_row{"p-alice", "alice"});

  // A later guest takes the name (names are not reserved yet): the name is theirs now.
  auto later = sample_room("r2", 2000);
  later.seats[0].reset();
  later.seats[1] = seat_row{"p-other", "Alice"};
  REQUIRE(j->save_room(later));
  found = j->player_by_seat_name("alice");
  REQUIRE(found);
  CHECK(**found == seat_row{"p-other", "Alice"});

  const auto none = j->player_by_seat_name("carol");
  REQUIRE(none);
  CHECK_FALSE(none->has_value());
}

}  // namespace ringside::journal_test
