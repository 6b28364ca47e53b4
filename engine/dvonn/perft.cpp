#include "engine/dvonn/perft.hpp"

#include <algorithm>
#include <memory>

#include "engine/dvonn/movegen.hpp"

namespace ringside::dvonn {

namespace {

// Make / unmake on one position; one move list per ply, allocated once per call.
std::uint64_t perft_rec(position& p, int depth, move_list* lists, bool bulk) {
  if (depth == 0) return 1;
  if (bulk && depth == 1) return count_moves(p);
  move_list& list = lists[0];
  generate_moves(p, list);
  std::uint64_t n = 0;
  position::undo u;
  for (const move& m : list) {
    p.do_move(m, u);
    n += perft_rec(p, depth - 1, lists + 1, bulk);
    p.undo_move(u);
  }
  return n;
}

std::uint64_t run(const position& start, int depth, bool bulk) {
  if (depth <= 0) return 1;
  position p = start;
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
  move_list list;
  generate_moves(p, list);
  for (const move& m : list) {
    position child = p;
    child.do_move(m);
    out.emplace_back(m.text(), perft(child, depth - 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ringside::dvonn
