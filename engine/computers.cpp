#include "engine/computers.hpp"

#include <type_traits>
#include <variant>

#include "engine/common/computer_player.hpp"
// One include per game that has a computer.
#include "engine/dvonn/computer.hpp"
#include "engine/zertz/computer.hpp"

namespace ringside {

bool computer_plays(const any_game& g) {
  return std::visit([](const auto& game) { return computer_game<std::decay_t<decltype(game)>>; },
                    g.get());
}

computer_move choose_move(const any_game& g, const computer_request& r) {
  return std::visit(
      [&](const auto& game) -> computer_move {
        if constexpr (computer_game<std::decay_t<decltype(game)>>) {
          return choose_move(game, r);
        } else {
          return {};  // not reached: such a game is offered no computer
        }
      },
      g.get());
}

}  // namespace ringside
