#pragma once
// The computer player, the same for every game: the server and the match tool call
// choose_move(game, request) and get a move token the game's check_move accepts.
//
// Each game provides, in its own namespace, `computer_move think(const G&, const
// computer_request&)` (found by argument-dependent lookup): zertz::think in
// engine/zertz/computer.hpp, dvonn::think beside it. A free function, not a class hierarchy;
// each call owns everything it uses (its table, its history), so calls on different threads
// for different games never share state.

#include <concepts>

#include "engine/common/board_game.hpp"
#include "engine/common/search_types.hpp"

namespace ringside {

template <class G>
concept computer_game = board_game<G> && requires(const G& g, const computer_request& r) {
  { think(g, r) } -> std::same_as<computer_move>;
};

// The computer's move in `g` (whose game is not over) at `r.level`, within the level's budget
// or the clock's, with what its search found. Reentrant.
template <computer_game G>
computer_move choose_move(const G& g, const computer_request& r) {
  return think(g, r);
}

}  // namespace ringside
