#include "engine/dvonn/move.hpp"

namespace ringside::dvonn {

std::string move::text() const {
  switch (kind()) {
    case move_kind::place:
      return std::string(name_of(from()));
    case move_kind::stack:
      return std::string(name_of(from())) + std::string(name_of(to()));
    case move_kind::pass:
      return "pass";
    case move_kind::none:
      break;
  }
  return "none";
}

}  // namespace ringside::dvonn
