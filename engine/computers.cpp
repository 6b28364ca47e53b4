#include "engine/computers.hpp"

#include <type_traits>
#include <utility>
#include <variant>

#include "engine/common/computer_level.hpp"
#include "engine/common/computer_player.hpp"
// One include per game that has a computer.
#include "engine/dvonn/computer.hpp"
#include "engine/zertz/computer.hpp"

namespace ringside {

bool computer_plays(const any_game& g) {
  return std::visit([](const auto& game) { return computer_game<std::decay_t<decltype(game)>>; },
                    g.get());
}

std::vector<game_offer> offered_games() {
  auto out = any_game::offers();
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((out[I].computer_levels =
          computer_game<std::variant_alternative_t<I, game_types>> ? computer_levels : 0),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<game_types>>{});
  return out;
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

void release_search_tables() {
  forget_thread_searchers();
}

}  // namespace ringside
