#include "engine/zertz/move.hpp"

namespace ringside::zertz {

namespace {
constexpr char colour_letters[3] = {'W', 'G', 'B'};
}

std::string move::zen(const board& b) const {
  switch (kind()) {
    case move_kind::place: {
      std::string s(1, colour_letters[colour()]);
      s += b.name(cell());
      if (removed() != no_removal) {
        s += '-';
        s += b.name(removed());
      }
      return s;
    }
    case move_kind::capture: {
      std::string s(1, colour_letters[colour()]);
      int at = cell();
      s += b.name(at);
      for (int i = 0; i < jumps(); ++i) {
        at = b.landing(at, direction(i));
        s += 'x';
        s += b.name(at);
      }
      return s;
    }
    case move_kind::pass:
      return "pass";
    case move_kind::none:
      break;
  }
  return "none";
}

}  // namespace ringside::zertz
