// The journal's rated rooms: a rated game's end writes both rating changes with it, all or
// nothing, and the ratings come back after a restart.
#include <doctest/doctest.h>

#include <array>
#include <span>

#include "server/journal.hpp"
#include "tests/server/journal_rating_test_support.hpp"
#include "tests/server/journal_test_support.hpp"

using namespace ringside::server;
using namespace ringside::journal_test;
namespace rating = ringside::rating;

namespace {
constexpr std::int64_t day_ms = 86'400'000;
const std::string category = "zertz/standard/rapid";
}  // namespace

TEST_CASE("journal: a rated game's end changes both ratings by Glicko-2, kept after a restart") {
  temp_dir t;
  const rating::glicko2 system;
  {
    auto j = open_ok(t.path);
    REQUIRE(j->save_room(rated_room("r1", "p-ann", "p-bob")).has_value());
    CHECK(j->find_rating("p-ann", category)->has_value() == false);
    auto changes = j->finish_rated_room("r1", {1, "resignation"}, "pos", "rec", category, system,
                                        100 * day_ms);
    REQUIRE_MESSAGE(changes.has_value(), (changes ? "" : changes.error()));
    const auto& ann = (*changes)[0];
    const auto& bob = (*changes)[1];
    CHECK(ann.player_id == "p-ann");
    CHECK(ann.score == 1.0);
    CHECK(bob.score == 0.0);
    CHECK(ann.before == system.settings().start);
    const rating::glicko2_game ann_game{system.settings().start, 1.0};
    CHECK(ann.after == system.rate(system.settings().start, std::span(&ann_game, 1), 0.0));
    CHECK(ann.after.rating > 1500);
    CHECK(bob.after.rating < 1500);
    CHECK(ann.after.rating - 1500 == doctest::Approx(1500 - bob.after.rating));
    auto room = j->room("r1");
    CHECK((*room)->status == "finished");
    CHECK((*room)->result == room_result{1, "resignation"});
  }
  auto j = open_ok(t.path);
  auto ann = j->find_rating("p-ann", category);
  REQUIRE(ann.has_value());
  REQUIRE(ann->has_value());
  CHECK((*ann)->games == 1);
  CHECK((*ann)->last_played_ms == 100 * day_ms);
  CHECK((*ann)->value.rating > 1500);
  // A month later ann plays again: her deviation grew with the idle time before it counts.
  REQUIRE(j->save_room(rated_room("r2", "p-cat", "p-ann")).has_value());
  auto changes =
      j->finish_rated_room("r2", {0, "agreement"}, "pos", "rec", category, system, 130 * day_ms);
  REQUIRE(changes.has_value());
  CHECK((*changes)[1].before.rating == (*ann)->value.rating);
  CHECK((*changes)[1].before.deviation > (*ann)->value.deviation);
  CHECK((*changes)[0].score == 0.5);
  // Another category is another rating.
  CHECK(j->find_rating("p-ann", "zertz/standard/classical")->has_value() == false);
  CHECK(check_ratings_replay(*j, system) == 2);
}

TEST_CASE("journal: only a rated room with two players can finish rated, and a refusal writes "
          "nothing") {
  temp_dir t;
  const rating::glicko2 system;
  auto j = open_ok(t.path);
  auto casual = rated_room("casual", "p-ann", "p-bob");
  casual.rated = false;
  REQUIRE(j->save_room(casual).has_value());
  auto lonely = rated_room("lonely", "p-ann", "p-bob");
  lonely.seats[1].reset();
  lonely.status = "waiting";
  REQUIRE(j->save_room(lonely).has_value());
  REQUIRE(j->save_room(rated_room("done", "p-ann", "p-bob")).has_value());
  REQUIRE(j->finish_room("done", {1, "resignation"}, "pos", "rec").has_value());

  // Inside a batch as the server writes: the refused finishes leave no trace, the rest stays.
  REQUIRE(j->begin_batch().has_value());
  CHECK_FALSE(j->finish_rated_room("casual", {1, "time"}, "p", "r", category, system, 5));
  CHECK_FALSE(j->finish_rated_room("lonely", {1, "time"}, "p", "r", category, system, 5));
  CHECK_FALSE(j->finish_rated_room("done", {2, "time"}, "p", "r", category, system, 5));
  CHECK_FALSE(j->finish_rated_room("nowhere", {2, "time"}, "p", "r", category, system, 5));
  REQUIRE(j->finish_room("casual", {2, "time"}, "p", "r").has_value());
  REQUIRE(j->commit_batch().has_value());
  CHECK((*j->room("casual"))->result == room_result{2, "time"});
  CHECK((*j->room("lonely"))->status == "waiting");
  CHECK((*j->room("done"))->result == room_result{1, "resignation"});
  CHECK(j->all_ratings()->empty());
  CHECK(j->rating_history()->empty());
}

TEST_CASE("journal: finished rated games are never pruned, casual ones are") {
  temp_dir t;
  const rating::glicko2 system;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(rated_room("rated", "p-ann", "p-bob")).has_value());
  auto casual = rated_room("casual", "p-ann", "p-bob");
  casual.rated = false;
  REQUIRE(j->save_room(casual).has_value());
  REQUIRE(j->finish_rated_room("rated", {1, "time"}, "p", "r", category, system, 5).has_value());
  REQUIRE(j->finish_room("casual", {1, "time"}, "p", "r").has_value());
  auto pruned = j->prune_finished_rooms(std::int64_t{1} << 60, 1000, 100);
  REQUIRE(pruned.has_value());
  CHECK(*pruned == std::vector<std::string>{"casual"});
  CHECK(j->room("rated")->has_value());
}
