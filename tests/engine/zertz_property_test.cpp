// Properties over thousands of seeded random games on every board: undo is exact, marbles are
// conserved, rings only leave, ZIP and ZEN round-trip, bulk counts match generation, and every
// game (with the facade's repetition and pass rules) ends.
#include <doctest/doctest.h>

#include <random>

#include "engine/zertz/perft.hpp"
#include "engine/zertz/zen.hpp"
#include "helpers.hpp"

#ifndef RINGSIDE_ENGINE_TEST_GAMES
#define RINGSIDE_ENGINE_TEST_GAMES 2000
#endif

namespace ringside::zertz::test {

namespace {

constexpr int games_per_board = RINGSIDE_ENGINE_TEST_GAMES;

// The official GIPF notation of a move: "Wd4,a1", "Wd4", or "x d1Gd3Wd5".
std::string gipf_text(const position& p, move m) {
  const board& b = p.geometry();
  if (m.kind() == move_kind::place) {
    std::string s = m.zen(b);
    const auto dash = s.find('-');
    if (dash != std::string::npos) s[dash] = ',';
    return s;
  }
  std::string s = "x " + b.name(m.cell());
  int at = m.cell();
  for (int i = 0; i < m.jumps(); ++i) {
    const int over = b.neighbour(at, m.direction(i));
    s += "WGB"[p.colour_at(over)];
    at = b.landing(at, m.direction(i));
    s += b.name(at);
  }
  return s;
}

// Free rings computed the slow way, cell by cell from the rule's words, to check the engine's
// incrementally kept set.
bitboard free_by_rule(const position& p) {
  const board& b = p.geometry();
  bitboard out = 0;
  for (int c = 0; c < b.rings(); ++c) {
    if (!(p.vacant() & bit(c))) continue;
    for (int d = 0; d < direction_count; ++d) {
      const int n1 = b.neighbour(c, d);
      const int n2 = b.neighbour(c, (d + 1) % direction_count);
      const bool gone1 = n1 == no_cell || !(p.rings() & bit(n1));
      const bool gone2 = n2 == no_cell || !(p.rings() & bit(n2));
      if (gone1 && gone2) out |= bit(c);
    }
  }
  return out;
}

// Rings in connected groups without a vacant ring, by breadth-first search over cell names'
// neighbours: what isolation must claim.
bitboard full_by_rule(const position& p) {
  const board& b = p.geometry();
  bitboard seen = 0;
  bitboard full = 0;
  for (int start = 0; start < b.rings(); ++start) {
    if (!(p.rings() & bit(start)) || (seen & bit(start))) continue;
    std::vector<int> queue{start};
    seen |= bit(start);
    bitboard group = 0;
    bool has_vacant = false;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const int c = queue[i];
      group |= bit(c);
      if (p.vacant() & bit(c)) has_vacant = true;
      for (int d = 0; d < direction_count; ++d) {
        const int n = b.neighbour(c, d);
        if (n != no_cell && (p.rings() & bit(n)) && !(seen & bit(n))) {
          seen |= bit(n);
          queue.push_back(n);
        }
      }
    }
    if (!has_vacant) full |= group;
  }
  return full;
}

std::array<int, 3> marble_total(const position& p) {
  std::array<int, 3> t{};
  for (int c = 0; c < 3; ++c) {
    t[static_cast<std::size_t>(c)] =
        popcount(p.marbles(c) & p.rings()) + p.pool(c) + p.captured(0, c) + p.captured(1, c);
  }
  return t;
}

void random_games(int rings, variant v, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const board& b = *board::get(rings);
  const auto& totals = rules_of(v).pool;
  move_list list;
  long long plies = 0;
  for (int gi = 0; gi < games; ++gi) {
    position p(b, v);
    for (int ply = 0; ply < 400 && !p.over(); ++ply) {
      generate_moves(p, list);
      REQUIRE(list.size() > 0);
      REQUIRE(count_moves(p) == static_cast<std::uint64_t>(list.size()));
      const move m = list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size()))];
      // ZEN and GIPF text both resolve to the move they name.
      if (m.kind() != move_kind::pass) {
        auto zen = resolve_move(p, m.zen(b));
        REQUIRE_MESSAGE(zen.has_value(), m.zen(b) << ": " << (zen ? "" : zen.error()));
        REQUIRE(*zen == m);
        auto gipf = resolve_move(p, gipf_text(p, m));
        REQUIRE_MESSAGE(gipf.has_value(), gipf_text(p, m));
        REQUIRE(*gipf == m);
      }
      const position before = p;
      position::undo u;
      p.do_move(m, u);
      REQUIRE(p.rings() == (p.rings() & before.rings()));  // rings never come back
      REQUIRE(marble_total(p) == totals);
      REQUIRE((p.occupied() & ~p.rings()) == 0);
      REQUIRE(full_by_rule(p) == 0);  // isolation left nothing to claim
      if (m.kind() == move_kind::place) {
        position q = before;  // the placement and removal without isolation
        q.set_marble(m.cell(), m.colour());
        if (m.removed() != move::no_removal) q.set_rings(q.rings() & ~bit(m.removed()));
        REQUIRE(u.isolated == full_by_rule(q));
      }
      REQUIRE(p.free_rings() == free_by_rule(p));
      position undone = p;
      undone.undo_move(u);
      REQUIRE(undone == before);
      auto zip = parse_zip(write_zip(p), v, rings);
      REQUIRE_MESSAGE(zip.has_value(), write_zip(p) << ": " << (zip ? "" : zip.error()));
      REQUIRE(*zip == p);
      ++plies;
    }
    REQUIRE(p.over());
  }
  MESSAGE(games << " games, " << plies << " plies on " << rings << " rings");
}

// Plays the facade itself with random legal moves until the result is set.
void facade_games(int rings, variant v, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int gi = 0; gi < games; ++gi) {
    game g = *game::create(to_string(v), rings);
    int guard = 0;
    while (!g.outcome() && guard++ < 3000) {
      const auto moves = g.legal_moves();
      REQUIRE_FALSE(moves.empty());
      const auto& pick = moves[rng() % moves.size()];
      REQUIRE(*g.check_move(pick) == pick);
      REQUIRE(g.play(pick).has_value());
    }
    REQUIRE(g.outcome().has_value());
    auto again = replay(*parse_zen_record(write_zen_record(g, {})));
    REQUIRE(again.has_value());
    REQUIRE(again->history() == g.history());
    REQUIRE(again->outcome() == g.outcome());
  }
}

}  // namespace

TEST_CASE("random games on 37 rings, standard") {
  random_games(37, variant::standard, games_per_board, 1);
}
TEST_CASE("random games on 37 rings, blitz") {
  random_games(37, variant::blitz, games_per_board, 2);
}
TEST_CASE("random games on 40 rings") {
  random_games(40, variant::standard, games_per_board, 3);
}
TEST_CASE("random games on 43 rings") {
  random_games(43, variant::standard, games_per_board, 4);
}
TEST_CASE("random games on 44 rings") {
  random_games(44, variant::standard, games_per_board, 5);
}
TEST_CASE("random games on 48 rings, tournament") {
  random_games(48, variant::tournament, games_per_board, 6);
}
TEST_CASE("random games on 61 rings") {
  random_games(61, variant::standard, games_per_board, 7);
}

TEST_CASE("random games through the facade end and replay from their records") {
  for (int rings : {37, 48, 61}) facade_games(rings, variant::standard, games_per_board / 20, 8);
  facade_games(37, variant::blitz, games_per_board / 20, 9);
}

TEST_CASE("bulk counting equals full enumeration in random middle games") {
  // Every child of positions from random games: its counted moves are its generated moves.
  std::mt19937_64 rng(10);
  move_list list;
  move_list grand;
  for (int rings : {37, 40, 43, 44, 48, 61}) {
    for (int gi = 0; gi < games_per_board / 200 + 1; ++gi) {
      position p(*board::get(rings), variant::standard);
      const int plies = static_cast<int>(rng() % 30);
      for (int i = 0; i < plies && !p.over(); ++i) {
        generate_moves(p, list);
        p.do_move(list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size()))]);
      }
      CAPTURE(write_zip(p));
      generate_moves(p, list);
      for (const move& m : list) {
        position child = p;
        child.do_move(m);
        generate_moves(child, grand);
        REQUIRE(count_moves(child) == static_cast<std::uint64_t>(grand.size()));
      }
    }
  }
}

TEST_CASE("resolve_move accepts exactly the generated placements, whatever is typed") {
  // resolve_move checks a placement without generating every move; over random positions
  // every placement text, legal or not, must be accepted exactly when generation lists it.
  std::mt19937_64 rng(11);
  move_list legal;
  int accepted = 0;
  int refused = 0;
  for (int rings : {37, 40, 43, 44, 48, 61}) {
    const board& b = *board::get(rings);
    for (int gi = 0; gi < games_per_board / 40 + 2; ++gi) {
      position p(b, gi % 2 == 0 ? variant::standard : variant::blitz);
      const int plies = static_cast<int>(rng() % 40);
      for (int i = 0; i < plies && !p.over(); ++i) {
        generate_moves(p, legal);
        p.do_move(legal[static_cast<int>(rng() % static_cast<std::uint64_t>(legal.size()))]);
      }
      if (p.over()) continue;
      generate_moves(p, legal);
      CAPTURE(write_zip(p));
      for (int tries = 0; tries < 300; ++tries) {
        const int colour = static_cast<int>(rng() % 3);
        const int cell = static_cast<int>(rng() % static_cast<std::uint64_t>(rings));
        const int removed = static_cast<int>(rng() % static_cast<std::uint64_t>(rings + 1));
        std::string text(1, "WGB"[colour]);
        text += b.name(cell);
        if (removed < rings) text += "-" + b.name(removed);
        const auto m = resolve_move(p, text);
        bool listed = false;
        for (const move& l : legal) listed = listed || l.zen(b) == text;
        CAPTURE(text);
        REQUIRE(m.has_value() == listed);
        if (m) {
          CHECK(m->zen(b) == text);
          CHECK(legal.contains(*m));
          ++accepted;
        } else {
          CHECK(!m.error().empty());
          ++refused;
        }
      }
    }
  }
  CHECK(accepted > 100);
  CHECK(refused > 100);
}

}  // namespace ringside::zertz::test
