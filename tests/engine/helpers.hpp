#pragma once
// Test helpers: positions built from a list of rings and marbles, legal moves as sorted text.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/zertz/board.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/position.hpp"
#include "engine/zertz/rules.hpp"
#include "engine/zertz/zip.hpp"

namespace ringside::zertz::test {

// A position as a rulebook diagram shows it; the pool holds whatever is not on the board or
// captured, so marble totals always match the variant.
struct setup {
  int rings = 37;
  variant rules = variant::standard;
  std::vector<std::string> keep{};     // when not empty, the only rings left on the board
  std::vector<std::string> removed{};  // rings no longer on the board
  std::vector<std::pair<std::string, char>> marbles{};  // cell, 'W' 'G' 'B'
  std::array<int, 3> caps1{};
  std::array<int, 3> caps2{};
  int to_move = 1;
};

// The 61-ring board with a3 and i3 gone and every other edge ring holding a marble, so no
// ring is free; a grey marble on e4; player 1 holds one white, the pool is empty. Placements
// remove no ring and captures take them back, so positions can repeat.
inline setup locked_61_rings() {
  setup s{.rings = 61, .removed = {"a3", "i3"}, .caps1 = {1, 0, 0}};
  const char* edge[] = {"a1", "a2", "a4", "a5", "i1", "i2", "i4", "i5", "b1", "c1", "d1",
                        "e1", "f1", "g1", "h1", "b6", "c7", "d8", "e9", "f8", "g7", "h6"};
  const char* colours = "WWWWWGGGGGGGBBBBBBBBBB";
  for (int i = 0; i < 22; ++i) s.marbles.emplace_back(edge[i], colours[i]);
  s.marbles.emplace_back("e4", 'G');
  return s;
}

inline int colour_index(char c) {
  return c == 'W' ? 0 : c == 'G' ? 1 : 2;
}

inline position build(const setup& s) {
  const board* b = board::get(s.rings);
  REQUIRE(b != nullptr);
  position p(*b, s.rules);
  bitboard rings = b->all();
  if (!s.keep.empty()) {
    rings = 0;
    for (const auto& n : s.keep) {
      REQUIRE_MESSAGE(b->find(n) != no_cell, n);
      rings |= bit(b->find(n));
    }
  }
  for (const auto& n : s.removed) {
    REQUIRE_MESSAGE(b->find(n) != no_cell, n);
    rings &= ~bit(b->find(n));
  }
  p.set_rings(rings);
  std::array<int, 3> on_board{};
  for (const auto& marble : s.marbles) {
    // Named members, not a structured binding: clang 14 cannot capture a binding in the
    // lambda that REQUIRE_MESSAGE expands to.
    const auto& cell = marble.first;
    const char c = marble.second;
    const int i = b->find(cell);
    REQUIRE_MESSAGE(i != no_cell, cell);
    REQUIRE_MESSAGE((rings & bit(i)) != 0, cell);
    p.set_marble(i, colour_index(c));
    ++on_board[static_cast<std::size_t>(colour_index(c))];
  }
  const rule_set& r = rules_of(s.rules);
  for (std::size_t c = 0; c < 3; ++c) {
    const int caps2 = s.caps2[c];
    const int pool = r.pool[c] - on_board[c] - s.caps1[c] - caps2;
    REQUIRE(pool >= 0);
    p.set_pool(static_cast<int>(c), pool);
    p.set_captured(0, static_cast<int>(c), s.caps1[c]);
    p.set_captured(1, static_cast<int>(c), caps2);
  }
  p.set_side(s.to_move - 1);
  // The ZIP reader is the gate every outside position goes through: the diagram must pass it.
  auto again = parse_zip(write_zip(p), s.rules, s.rings);
  REQUIRE_MESSAGE(again.has_value(), (again ? std::string() : again.error()));
  CHECK(*again == p);
  return p;
}

inline game build_game(const setup& s) {
  const position p = build(s);
  auto g = game::from_zip(s.rules, write_zip(p), s.rings);
  REQUIRE_MESSAGE(g.has_value(), (g ? std::string() : g.error()));
  return std::move(*g);
}

inline std::vector<std::string> legal(const position& p) {
  move_list list;
  generate_moves(p, list);
  std::vector<std::string> out;
  for (const move& m : list) out.push_back(m.zen(p.geometry()));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> names(const board& b, bitboard set) {
  std::vector<std::string> out;
  for (; set; set &= set - 1) out.push_back(b.name(lowest(set)));
  return out;
}

}  // namespace ringside::zertz::test
