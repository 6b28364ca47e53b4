#pragma once
// Every game the server plays, in one list. Adding a GIPF game is: its engine folder meeting
// board_game (engine/common/board_game.hpp), its part of the state document
// (protocol/game_document.hpp), and its type added to this line.

#include <variant>

#include "engine/dvonn/game.hpp"
#include "engine/zertz/game.hpp"

namespace ringside {

using game_types = std::variant<zertz::game, dvonn::game>;

}  // namespace ringside
