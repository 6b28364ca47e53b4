#pragma once
// board_panel — the text beside a board that both games share (the room, its status, the
// players with names, clocks and whose turn it is) and the lines under a board (the last
// move in words, what the player to move must do, the result). Game-specific lines are added
// by each game's renderer.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients/cli/board_renderer.hpp"

namespace ringside::cli {

// "Room k3x9q2ab  ZERTZ blitz 37" and the status line.
std::vector<std::string> panel_header(const nlohmann::json& state, const std::string& title);

// The line of one seat: turn marker, name, (you)/(away), clock; red at 10 s or less.
std::string panel_player(const nlohmann::json& state, int seat, const render_options& opt);

// The draw offer, if one stands, and "Your move" / "bob to move".
std::vector<std::string> panel_footer(const nlohmann::json& state, const render_options& opt);

// Under the board: "Last: bob placed white on d4 and removed g3", then "Game over: …" once
// there is a result, each cut to 80 columns.
std::vector<std::string> lines_under(const nlohmann::json& state, const render_options& opt);

// The clock text of `ms`, "4:05" (or "0:09.4" under 10 s).
std::string clock_text(long long ms);

// Board lines and panel lines side by side: the panel starts at column `panel_at`.
std::vector<std::string> side_by_side(const std::vector<std::string>& board,
                                      const std::vector<std::string>& panel, std::size_t panel_at);

// Words wrapped into lines of at most `width` columns, each after `first` / `next`.
std::vector<std::string> wrap_words(const std::vector<std::string>& words, const std::string& first,
                                    const std::string& next, std::size_t width);

}  // namespace ringside::cli
