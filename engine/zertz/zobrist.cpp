#include "engine/zertz/zobrist.hpp"

#include <array>

#include "engine/common/rng.hpp"

namespace ringside::zertz {

namespace {

// Counts are at most 24 (the largest pool plus one), so 32 values per counter are enough.
constexpr int max_count = 32;

struct tables {
  std::array<std::uint64_t, max_cells> ring{};
  std::array<std::array<std::uint64_t, max_cells>, 3> marble{};
  std::array<std::array<std::uint64_t, max_count>, 3> pool{};
  std::array<std::array<std::array<std::uint64_t, max_count>, 3>, 2> caps{};
  std::uint64_t side = 0;

  tables() {
    rng r(0x5a1e7a2b5eedULL);  // fixed: keys must not change between runs
    for (auto& k : ring) k = r.next();
    for (auto& c : marble) {
      for (auto& k : c) k = r.next();
    }
    for (auto& c : pool) {
      for (auto& k : c) k = r.next();
    }
    for (auto& p : caps) {
      for (auto& c : p) {
        for (auto& k : c) k = r.next();
      }
    }
    side = r.next();
  }
};

const tables& keys() {
  static const tables t;  // built once, read-only after: safe from any thread
  return t;
}

std::size_t ix(int v) {
  return static_cast<std::size_t>(v);
}
std::size_t count_ix(std::int8_t n) {
  return static_cast<std::size_t>(n) & (max_count - 1);
}

std::uint64_t bits_key(const std::array<std::uint64_t, max_cells>& table, bitboard set) {
  std::uint64_t k = 0;
  for (; set; set &= set - 1) k ^= table[ix(lowest(set))];
  return k;
}

}  // namespace

std::uint64_t zobrist_key(const position::state& s) {
  const tables& t = keys();
  std::uint64_t k = bits_key(t.ring, s.rings);
  for (std::size_t c = 0; c < 3; ++c) {
    k ^= bits_key(t.marble[c], s.marbles[c]);
    k ^= t.pool[c][count_ix(s.pool[c])];
    k ^= t.caps[0][c][count_ix(s.caps[0][c])];
    k ^= t.caps[1][c][count_ix(s.caps[1][c])];
  }
  if (s.side) k ^= t.side;
  return k;
}

std::uint64_t zobrist_update(std::uint64_t key, const position::state& before,
                             const position::state& after) {
  const tables& t = keys();
  key ^= bits_key(t.ring, before.rings ^ after.rings);
  for (std::size_t c = 0; c < 3; ++c) {
    key ^= bits_key(t.marble[c], before.marbles[c] ^ after.marbles[c]);
    if (before.pool[c] != after.pool[c]) {
      key ^= t.pool[c][count_ix(before.pool[c])] ^ t.pool[c][count_ix(after.pool[c])];
    }
    for (std::size_t p = 0; p < 2; ++p) {
      if (before.caps[p][c] != after.caps[p][c]) {
        key ^= t.caps[p][c][count_ix(before.caps[p][c])] ^ t.caps[p][c][count_ix(after.caps[p][c])];
      }
    }
  }
  if (before.side != after.side) key ^= t.side;
  return key;
}

}  // namespace ringside::zertz
