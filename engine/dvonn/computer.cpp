#include "engine/dvonn/computer.hpp"

namespace ringside::dvonn {

computer_move think(const game& g, const computer_request& r) {
  if (g.outcome()) return {};
  return search_move<search_traits>(g.current(), g.ply(), levels, r);
}

}  // namespace ringside::dvonn
