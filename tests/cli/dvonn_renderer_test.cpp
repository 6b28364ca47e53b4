// The DVONN drawing: five long rows across (row 5 on top), each stack as owner, height and a
// DVONN mark, the last move bracketed and the cut-off stacks marked, the score beside it.

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "clients/cli/board_renderer.hpp"
#include "clients/cli/dvonn_renderer.hpp"
#include "tests/cli/text_lines.hpp"

using namespace ringside::cli;
using nlohmann::json;

using ringside::cli::test::lines_of;

namespace {

json moving_state() {
  return {{"room", "d1"},
          {"game", "dvonn"},
          {"variant", "standard"},
          {"status", "playing"},
          {"phase", "movement"},
          {"placed", 49},
          {"to_move", 2},
          {"ply", 52},
          {"players", json::array({{{"name", "alice"}, {"online", true}, {"clock_ms", nullptr}},
                                   {{"name", "bob"}, {"online", true}, {"clock_ms", nullptr}}})},
          {"stacks", {{"a1", "B"}, {"c3", "WBW"}, {"e3", "BDWB"}, {"i3", "D"}, {"k5", "W"}}},
          {"legal", {"a1b1", "e3e5"}},
          {"score", {14, 11}},
          {"last_move", {{"move", "c1c3"}, {"by", 1}, {"removed", {{"k3", "B"}, {"j2", "WB"}}}}},
          {"draw_offer", nullptr},
          {"result", nullptr}};
}

}  // namespace

TEST_CASE("glyphs: owner, height, and * for a DVONN piece inside") {
  CHECK(dvonn_glyph("") == ".");
  CHECK(dvonn_glyph("D") == "D");
  CHECK(dvonn_glyph("W") == "W1");
  CHECK(dvonn_glyph("WBW") == "W3");
  CHECK(dvonn_glyph("BDWB") == "B4*");
  CHECK(dvonn_glyph("WBWBWBWBWBWB") == "B12");
}

TEST_CASE("the long rows run across: row 3 holds a3..k3 on one line, row 5 is on top") {
  const auto lines = lines_of(render_board(moving_state(), {false, 2}));
  // Row r (1..5) is screen line 6 - r; the letter rows are above and below.
  // The board is the first 49 columns; the panel follows.
  auto board = [&](std::size_t i) {
    std::string l = lines.at(i).substr(0, 49);
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l;
  };
  const std::string row3 = board(3), row1 = board(5), row5 = board(1);
  CHECK(row3.find("[W3]") != std::string::npos);  // c3, where the last move landed
  CHECK(row3.find("B4*") != std::string::npos);   // e3
  CHECK(row3.find(" D ") != std::string::npos);   // i3, a lone DVONN piece
  CHECK(row3.find('x') != std::string::npos);     // k3 was cut off
  CHECK(row1.find("B1") != std::string::npos);    // a1
  CHECK(row1.find("[.]") != std::string::npos);   // c1, where the stack left
  CHECK(row5.find("W1") != std::string::npos);    // k5
  // Each row has its number at both ends.
  CHECK(row3.front() == '3');
  CHECK(row3.back() == '3');
  CHECK(row3.find("[W3]") < row3.find("B4*"));
  CHECK(row3.find("B4*") < row3.find(" D "));
  std::size_t empty = 0;
  for (const char c : row3) empty += c == '.' ? 1 : 0;
  CHECK(empty == 7);  // a3 b3 d3 f3 g3 h3 j3
}

TEST_CASE("the panel: score, whose turn, the last move in words; 80 columns") {
  const std::string text = render_board(moving_state(), {false, 2});
  CHECK(text.find("DVONN") != std::string::npos);
  CHECK(text.find("white, score 14") != std::string::npos);
  CHECK(text.find("black, score 11") != std::string::npos);
  CHECK(text.find("Your move: 2 legal moves") != std::string::npos);
  CHECK(text.find("Last: alice moved c1 onto c3; 2 stacks cut off and removed") !=
        std::string::npos);
  for (bool color : {false, true})
    for (const auto& line : lines_of(render_board(moving_state(), {color, 1})))
      CHECK(visible_width(line) <= 80);
}

TEST_CASE("placing: pieces still to place; the end: the score in words") {
  json s = moving_state();
  s["phase"] = "placement";
  s["placed"] = 12;
  s["to_place"] = json::array({{{"D", 0}, {"W", 17}}, {{"D", 0}, {"B", 18}}});
  const std::string placing = render_board(s, {false, 1});
  CHECK(placing.find("Placing: 12 of 49 placed") != std::string::npos);
  CHECK(placing.find("to place D0 W17") != std::string::npos);
  s["status"] = "finished";
  s["result"] = {{"winner", 1}, {"reason", "no_moves"}, {"score", {27, 19}}};
  CHECK(render_board(s, {false, 1}).find("Game over: alice wins 27-19.") != std::string::npos);
  s["result"] = {{"winner", nullptr}, {"reason", "no_moves"}, {"score", {20, 20}}};
  CHECK(render_board(s, {false, 1}).find("Game over: a tie, 20-20.") != std::string::npos);
}

TEST_CASE("board coords names every DVONN cell") {
  const std::string text = render_board(moving_state(), {false, 1, true});
  for (const char* cell : {"a1", "a3", "c5", "e3", "k3", "k5", "i1", "j2"})
    CHECK(text.find(cell) != std::string::npos);
}
