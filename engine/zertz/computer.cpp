#include "engine/zertz/computer.hpp"

#include "engine/zertz/zip.hpp"

namespace ringside::zertz {

computer_move think(const game& g, const computer_request& r) {
  auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
  if (!p || g.outcome()) return {};
  // The search sees the repetition rule: the game's earlier positions count toward a third
  // occurrence.
  std::vector<std::uint64_t> earlier = g.position_keys();
  earlier.pop_back();  // the current position is the search's root
  return search_move<search_traits>(*p, g.ply(), levels, r, std::move(earlier));
}

}  // namespace ringside::zertz
