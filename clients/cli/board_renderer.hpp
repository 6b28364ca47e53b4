#pragma once
// board_renderer — draws a room state as text: the board (ZÈRTZ's hexagon of rings, or
// DVONN's five long rows, see dvonn_renderer) with the players, clocks and game counts beside
// it, and under it the last move in words, what the player to move must do, and the result.
// Everything fits 80 columns, up to the 61-ring board. Every string from the wire is shown
// through visible().

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "clients/cli/text_grid.hpp"

namespace ringside::cli {

struct render_options {
  bool color = true;        // ANSI colours; off for --no-color, NO_COLOR and scripts
  std::optional<int> seat;  // our seat, marked "(you)"
  bool coords = false;      // every cell's name in place of its ring (`board coords`)
  // The clocks as they stand now (the running one counted down since its turn began); empty
  // entries fall back to the state's clock_ms.
  std::array<std::optional<long long>, 2> clock_ms{};
};

// The picture as lines. Tolerates any JSON: a field that is missing or of the wrong type is
// drawn as absent, never crashes.
std::vector<std::string> render_room(const nlohmann::json& state, const render_options& options);

// render_room's lines joined, each ending with '\n'.
std::string render_board(const nlohmann::json& state, const render_options& options);

// The ZÈRTZ picture (render_room picks it for "game":"zertz" and anything unknown).
std::vector<std::string> render_zertz(const nlohmann::json& state, const render_options& options);

}  // namespace ringside::cli
