#pragma once
// The computer players of the games in engine/games.hpp, for code that holds an any_game. A
// game whose folder has a computer (a `think` beside its game, engine/common/computer_player.hpp)
// is listed in computers.cpp by its include; a game without one is offered no computer opponent.

#include <vector>

#include "engine/any_game.hpp"
#include "engine/common/search_types.hpp"

namespace ringside {

// Whether a computer plays the game `g` holds.
bool computer_plays(const any_game& g);

// The registered games as a client offers them (any_game::offers()), each with the number of
// computer levels that play it (0 for a game without a computer).
std::vector<game_offer> offered_games();

// The computer's move in `g` (its game not over, computer_plays(g)): choose_move of the game
// inside. Reentrant.
computer_move choose_move(const any_game& g, const computer_request& r);

// Frees the search tables this thread keeps between its searches (see thread_searcher); the
// next search makes its table again. For a worker that goes idle.
void release_search_tables();

}  // namespace ringside
