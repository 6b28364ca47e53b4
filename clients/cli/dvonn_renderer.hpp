#pragma once
// dvonn_renderer — a DVONN room state as text: the 49 cells in five long horizontal rows
// (row 5 at the top), each stack as its owner's letter and height with `*` when it holds a
// DVONN piece, the last move bracketed and the stacks it cut off marked `x`; beside it the
// players, clocks, pieces still to place and the score.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients/cli/board_renderer.hpp"

namespace ringside::cli {

std::vector<std::string> render_dvonn(const nlohmann::json& state, const render_options& options);

// "W3*": the owner (top piece), the height, `*` when a DVONN piece is in it; "D" for a lone
// DVONN piece; "." for an empty cell.
std::string dvonn_glyph(const std::string& stack);

}  // namespace ringside::cli
