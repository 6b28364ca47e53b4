#include "engine/dvonn/zobrist.hpp"

#include <array>
#include <vector>

#include "engine/common/rng.hpp"

namespace ringside::dvonn {

namespace {

constexpr int max_height = 64;  // 49 pieces at most; a power of two for the index

struct tables {
  // [cell][height][top: 0 white, 1 black, 2 a DVONN piece][holds a DVONN piece]
  std::vector<std::uint64_t> stack;
  std::uint64_t side = 0;
  tables() : stack(static_cast<std::size_t>(grid_squares) * max_height * 3 * 2) {
    rng r(0xd0cc0ULL);  // fixed: keys must not change between runs
    for (auto& k : stack) k = r.next();
    side = r.next();
  }
};

const tables& keys() {
  static const tables t;  // built once, read-only after: safe from any thread
  return t;
}

}  // namespace

std::uint64_t zobrist_key(const position& p) {
  const tables& t = keys();
  const auto& s = p.raw();
  std::uint64_t k = s.side ? t.side : 0;
  for (bitboard o = s.occupied; o; o &= o - 1) {
    const square c = lowest(o);
    const int top = (s.white & bit(c)) ? 0 : (s.black & bit(c)) ? 1 : 2;
    const int flag = (s.dvonn & bit(c)) ? 1 : 0;
    const int h = p.height(c) & (max_height - 1);
    k ^= t.stack[static_cast<std::size_t>(((c * max_height + h) * 3 + top) * 2 + flag)];
  }
  return k;
}

}  // namespace ringside::dvonn
