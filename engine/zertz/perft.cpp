#include "engine/zertz/perft.hpp"

#include <algorithm>
#include <memory>

#include "engine/zertz/movegen.hpp"

namespace ringside::zertz {

namespace {

// One move list per ply, allocated once per call, so deep perfts do not need a deep stack.
std::uint64_t perft_rec(const position& p, int depth, move_list* lists, bool bulk) {
  if (depth == 0) return 1;
  if (bulk && depth == 1) return count_moves(p);
  move_list& list = lists[0];
  generate_moves(p, list);
  std::uint64_t n = 0;
  for (const move& m : list) {
    position child = p;
    child.do_move(m);
    n += perft_rec(child, depth - 1, lists + 1, bulk);
  }
  return n;
}

std::uint64_t run(const position& p, int depth, bool bulk) {
  if (depth <= 0) return 1;
  if (bulk && depth == 1) return count_moves(p);
  auto lists = std::make_unique<move_list[]>(static_cast<std::size_t>(depth));
  return perft_rec(p, depth, lists.get(), bulk);
}

}  // namespace

std::uint64_t perft(const position& p, int depth) {
  return run(p, depth, true);
}

std::uint64_t perft_full(const position& p, int depth) {
  return run(p, depth, false);
}

std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const position& p, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  auto list = std::make_unique<move_list>();
  generate_moves(p, *list);
  for (const move& m : *list) {
    position child = p;
    child.do_move(m);
    out.emplace_back(m.zen(p.geometry()), perft(child, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ringside::zertz
