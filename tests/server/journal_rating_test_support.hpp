#pragma once
// Helpers of the rated-room journal tests: a rated room with two players, and the check that
// every rating in the journal is the replay of its history.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "server/journal.hpp"
#include "server/rating/glicko2.hpp"

namespace ringside::journal_test {

using namespace ringside::server;

inline room_row rated_room(const std::string& id, const std::string& p1, const std::string& p2) {
  room_row r;
  r.id = id;
  r.game = "zertz";
  r.variant = "standard";
  r.board = 37;
  r.clock = clock_setting{600, 0};
  r.seats[0] = seat_row{p1, p1};
  r.seats[1] = seat_row{p2, p2};
  r.created_ms = 1;
  r.status = "playing";
  r.rated = true;
  return r;
}

inline bool near(double a, double b) {
  return std::abs(a - b) < 1e-9 * std::max(1.0, std::abs(b));
}

// Every finished rated room has exactly its two history rows and every other room none; each
// row's "before" is the previous "after" of that player in that category (its deviation grown
// by the idle time between), or the start; each "after" is Glicko-2 of the two "befores" and
// the score; the ratings table holds each player's last "after" and their number of games.
// Returns how many rated rooms were finished.
inline int check_ratings_replay(journal& j, const rating::glicko2& system) {
  auto history = j.rating_history();
  REQUIRE(history.has_value());
  auto ratings = j.all_ratings();
  REQUIRE(ratings.has_value());
  std::map<std::string, std::array<const rating_history_row*, 2>> by_room;
  for (const auto& row : *history) {
    auto& seats = by_room[row.room_id];
    const auto i = static_cast<std::size_t>(row.change.seat - 1);
    REQUIRE_MESSAGE(seats[i] == nullptr, "two history rows for " << row.room_id);
    seats[i] = &row;
  }
  int finished = 0;
  for (const auto& entry : by_room) {
    const auto& [id, seats] = entry;
    CAPTURE(entry.first);
    REQUIRE(seats[0] != nullptr);
    REQUIRE(seats[1] != nullptr);
    auto room = j.room(id);
    REQUIRE(room.has_value());
    REQUIRE(room->has_value());
    CHECK((*room)->status == "finished");
    CHECK((*room)->rated);
    const int winner = (*room)->result->winner;
    for (int s = 0; s < 2; ++s) {
      const auto& c = seats[static_cast<std::size_t>(s)]->change;
      CHECK(c.player_id == (*room)->seats[static_cast<std::size_t>(s)]->player_id);
      CHECK(c.score == (winner == 0 ? 0.5 : winner == s + 1 ? 1.0 : 0.0));
    }
    ++finished;
  }
  struct last_seen {
    rating::glicko2_rating after;
    std::int64_t played_ms = 0;
    std::int64_t games = 0;
  };
  std::map<std::pair<std::string, std::string>, last_seen> replay;
  for (const auto& row : *history) {
    const auto& c = row.change;
    CAPTURE(row.room_id);
    const auto key = std::make_pair(c.player_id, c.category);
    rating::glicko2_rating expect_before = system.settings().start;
    if (const auto it = replay.find(key); it != replay.end()) {
      expect_before = it->second.after;
      expect_before.deviation = system.idle_deviation(
          it->second.after, system.periods_between(c.played_ms - it->second.played_ms));
    }
    CHECK(near(c.before.rating, expect_before.rating));
    CHECK(near(c.before.deviation, expect_before.deviation));
    CHECK(near(c.before.volatility, expect_before.volatility));
    const auto& seats = by_room[row.room_id];
    const auto& opponent = seats[static_cast<std::size_t>(2 - c.seat)]->change;
    const rating::glicko2_game game{opponent.before, c.score};
    const auto after = system.rate(c.before, std::span(&game, 1), 0.0);
    CHECK(near(c.after.rating, after.rating));
    CHECK(near(c.after.deviation, after.deviation));
    CHECK(near(c.after.volatility, after.volatility));
    auto& seen = replay[key];
    seen.after = c.after;
    seen.played_ms = c.played_ms;
    ++seen.games;
  }
  REQUIRE(ratings->size() == replay.size());
  for (const auto& r : *ratings) {
    CAPTURE(r.player_id);
    const auto it = replay.find({r.player_id, r.category});
    REQUIRE(it != replay.end());
    CHECK(r.value == it->second.after);
    CHECK(r.games == it->second.games);
    CHECK(r.last_played_ms == it->second.played_ms);
  }
  return finished;
}

}  // namespace ringside::journal_test
