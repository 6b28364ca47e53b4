#include "engine/zertz/computer.hpp"

#include "engine/zertz/zip.hpp"

namespace ringside::zertz {

computer_move think(const game& g, const computer_request& r) {
  auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
  if (!p || g.outcome()) return {};
  return search_move<search_traits>(*p, g.ply(), levels, r);
}

}  // namespace ringside::zertz
