#pragma once
// board_renderer — draws a ZÈRTZ room state as text: the hexagon of rings with cell names
// along its edges, and beside it the players, clocks, captures, pool and whose turn it is.
// Everything fits 80 columns, up to the 61-ring board.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ringside::cli {

struct render_options {
  bool color = true;        // ANSI colours; off for --no-color, NO_COLOR and scripts
  std::optional<int> seat;  // our seat, marked "(you)"
};

// The whole picture, lines separated by '\n' and ending with one. Tolerates any JSON: a
// field that is missing or of the wrong type is drawn as absent, never crashes.
std::string render_board(const nlohmann::json& state, const render_options& options);

// Visible width of `text`, not counting ANSI escape sequences.
std::size_t visible_width(std::string_view text);

}  // namespace ringside::cli
