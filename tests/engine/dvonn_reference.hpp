#pragma once
// A slow DVONN referee written straight from the rulebook (and dvonn-rules.md for notation),
// sharing no code with engine/dvonn: cells are names, stacks are strings in a map, moves are
// found with plain loops and cut-off stacks with a breadth-first search. The engine is checked
// against it move by move.

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ringside::dvonn::reference {

// Column a..k holds rows first_row..last_row (spec §1).
inline bool on_board(int col, int row) {
  static constexpr int first_row[11] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
  static constexpr int last_row[11] = {3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5};
  return col >= 0 && col < 11 && row >= first_row[col] && row <= last_row[col];
}

inline std::string name(int col, int row) {
  return std::string{static_cast<char>('a' + col), static_cast<char>('0' + row)};
}

// The six neighbours of (c, r) are (c±1, r), (c, r±1), (c+1, r+1), (c−1, r−1).
inline constexpr int dirs[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}};

// Every cell of the board in field order: row 1 first, each row from column a.
inline std::vector<std::string> field_order() {
  std::vector<std::string> out;
  for (int row = 1; row <= 5; ++row) {
    for (int col = 0; col < 11; ++col) {
      if (on_board(col, row)) out.push_back(name(col, row));
    }
  }
  return out;
}

struct game_state {
  std::map<std::string, std::string> stacks;  // cell -> pieces bottom to top
  int to_move = 1;
  int placed = 0;
};

// The player a stack belongs to: the colour on top; nobody (0) for a lone DVONN piece.
inline int owner(const std::string& stack) {
  return stack.back() == 'W' ? 1 : stack.back() == 'B' ? 2 : 0;
}

// The stack moves `player` could make, as tokens.
inline std::vector<std::string> stack_moves(const game_state& g, int player) {
  std::vector<std::string> out;
  for (const auto& [cell, stack] : g.stacks) {
    if (owner(stack) != player) continue;
    const int col = cell[0] - 'a';
    const int row = cell[1] - '0';
    int neighbours = 0;
    for (const auto& d : dirs) {
      if (on_board(col + d[0], row + d[1]) && g.stacks.count(name(col + d[0], row + d[1]))) {
        ++neighbours;
      }
    }
    if (neighbours == 6) continue;  // surrounded on all six sides
    const int h = static_cast<int>(stack.size());
    for (const auto& d : dirs) {
      const int c = col + h * d[0];
      const int r = row + h * d[1];
      if (on_board(c, r) && g.stacks.count(name(c, r))) out.push_back(cell + name(c, r));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every legal token: a placement on every empty cell while pieces remain to be placed; then
// the stack moves of the player to move, or "pass" when only the other player can move.
inline std::vector<std::string> legal_moves(const game_state& g) {
  std::vector<std::string> out;
  if (g.placed < 49) {
    for (const auto& cell : field_order()) {
      if (!g.stacks.count(cell)) out.push_back(cell);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  out = stack_moves(g, g.to_move);
  if (out.empty() && !stack_moves(g, 3 - g.to_move).empty()) out.push_back("pass");
  return out;
}

// Plays a legal token; returns the stacks removed for being cut off from every DVONN piece.
inline std::vector<std::pair<std::string, std::string>> play(game_state& g,
                                                             const std::string& token) {
  std::vector<std::pair<std::string, std::string>> removed;
  if (token == "pass") {
    g.to_move = 3 - g.to_move;
    return removed;
  }
  if (token.size() == 2) {
    // White places DVONN pieces 1 and 3, Black DVONN piece 2; then Black places first.
    const char piece = g.placed < 3 ? 'D' : g.to_move == 1 ? 'W' : 'B';
    g.stacks[token] = std::string(1, piece);
    ++g.placed;
    // After White's last piece White plays again: the first move is White's.
    g.to_move = g.placed == 49 ? 1 : 3 - g.to_move;
    return removed;
  }
  const std::string from = token.substr(0, 2);
  const std::string to = token.substr(2, 2);
  g.stacks[to] += g.stacks[from];
  g.stacks.erase(from);
  // Breadth-first from every stack holding a DVONN piece.
  std::vector<std::string> queue;
  std::map<std::string, bool> linked;
  for (const auto& [cell, stack] : g.stacks) {
    if (stack.find('D') != std::string::npos) {
      queue.push_back(cell);
      linked[cell] = true;
    }
  }
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int col = queue[i][0] - 'a';
    const int row = queue[i][1] - '0';
    for (const auto& d : dirs) {
      const std::string n = name(col + d[0], row + d[1]);
      if (on_board(col + d[0], row + d[1]) && g.stacks.count(n) && !linked[n]) {
        linked[n] = true;
        queue.push_back(n);
      }
    }
  }
  for (const auto& cell : field_order()) {
    auto it = g.stacks.find(cell);
    if (it != g.stacks.end() && !linked[cell]) {
      removed.emplace_back(cell, it->second);
      g.stacks.erase(it);
    }
  }
  g.to_move = 3 - g.to_move;
  return removed;
}

// Total height of the stacks each player's colour tops.
inline std::array<int, 2> score(const game_state& g) {
  std::array<int, 2> s{};
  for (const auto& [cell, stack] : g.stacks) {
    if (owner(stack) != 0)
      s[static_cast<std::size_t>(owner(stack) - 1)] += static_cast<int>(stack.size());
  }
  return s;
}

inline bool over(const game_state& g) {
  return g.placed == 49 && stack_moves(g, 1).empty() && stack_moves(g, 2).empty();
}

// The position text of spec §6.
inline std::string position_text(const game_state& g) {
  std::string s;
  for (const auto& cell : field_order()) {
    auto it = g.stacks.find(cell);
    if (it == g.stacks.end()) continue;
    s += (s.empty() ? "" : ",") + cell + ":" + it->second;
  }
  return (s.empty() ? "-" : s) + " " + std::to_string(g.to_move) + " " + std::to_string(g.placed);
}

}  // namespace ringside::dvonn::reference
