// The ZÈRTZ drawing: a real hexagon, every ring where the geometry puts it, each edge label
// next to its own ring, removed rings blank, 80 columns at most, colour only when asked for.

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "clients/cli/board_geometry.hpp"
#include "clients/cli/board_renderer.hpp"
#include "tests/cli/text_lines.hpp"

using namespace ringside::cli;
using nlohmann::json;

using ringside::cli::test::lines_of;

namespace {

json start_state(int board) {
  const board_geometry geo(board);
  json rings = json::object();
  for (int x = 0; x < geo.columns(); ++x)
    for (int k = 1; k <= geo.length(x); ++k) rings[board_geometry::name(x, k)] = "";
  return {
      {"room", "r1"},
      {"game", "zertz"},
      {"variant", "standard"},
      {"board", board},
      {"status", "playing"},
      {"to_move", 1},
      {"ply", 0},
      {"rings", rings},
      {"pool", {{"W", 6}, {"G", 8}, {"B", 10}}},
      {"captured", json::array({{{"W", 0}, {"G", 0}, {"B", 0}}, {{"W", 0}, {"G", 0}, {"B", 0}}})},
      {"players", json::array({{{"name", "alice"}, {"online", true}, {"clock_ms", 300000}},
                               {{"name", "bob"}, {"online", true}, {"clock_ms", 299500}}})},
      {"must_capture", false},
      {"captures", json::array()},
      {"last_move", nullptr},
      {"draw_offer", nullptr},
      {"result", nullptr}};
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

// The screen row and column of ring `cell` in the plain 37 drawing: column x at 3 + 4x, height
// y on row 12 - y.
std::string ring_at(const std::vector<std::string>& lines, const std::string& cell) {
  const board_geometry geo(37);
  const auto p = geo.parse(cell);
  REQUIRE(p);
  std::string line = lines.at(static_cast<std::size_t>(12 - geo.height(p->x, p->k)));
  const auto col = static_cast<std::size_t>(3 + 4 * p->x);
  line.resize(std::max(line.size(), col + 3), ' ');  // trailing blanks are not drawn
  return line.substr(col, 3);
}

}  // namespace

TEST_CASE("every board size draws all its rings within 80 columns") {
  for (int board : {37, 40, 43, 44, 48, 61}) {
    CAPTURE(board);
    const std::string text = render_board(start_state(board), {false, 1});
    CHECK(count(text, "( )") == static_cast<std::size_t>(board));
    for (const auto& line : lines_of(text)) CHECK(visible_width(line) <= 80);
  }
}

TEST_CASE("long names and a finished result still fit 80 columns on the 61 board") {
  json s = start_state(61);
  s["players"][0]["name"] = std::string(24, 'A');
  s["players"][1]["name"] = std::string(24, 'B');
  s["players"][1]["online"] = false;
  s["status"] = "finished";
  s["result"] = {{"winner", 1}, {"reason", "win_condition"}};
  s["last_move"] = {{"move", "Bd1xd3xd5xd7xd9"}, {"by", 2}, {"isolated", {"a1", "a2", "a3"}}};
  for (bool color : {false, true})
    for (const auto& line : lines_of(render_board(s, {color, 2}))) CHECK(visible_width(line) <= 80);
}

TEST_CASE("the 37 board is a hexagon: column d has 7 rings stacked, neighbours offset by a row") {
  const auto lines = lines_of(render_board(start_state(37), {false, std::nullopt}));
  std::vector<std::size_t> d_rows, c_rows;
  for (std::size_t r = 0; r < lines.size(); ++r) {
    if (lines[r].size() >= 18 && lines[r].substr(15, 3) == "( )") d_rows.push_back(r);
    if (lines[r].size() >= 14 && lines[r].substr(11, 3) == "( )") c_rows.push_back(r);
  }
  REQUIRE(d_rows.size() == 7);
  REQUIRE(c_rows.size() == 6);
  for (std::size_t i = 1; i < d_rows.size(); ++i) CHECK(d_rows[i] - d_rows[i - 1] == 2);
  CHECK(c_rows.front() == d_rows.front() + 1);
  CHECK(c_rows.back() == d_rows.back() - 1);
}

TEST_CASE("each edge label stands right beside its own ring, on its row") {
  const auto lines = lines_of(render_board(start_state(37), {false, std::nullopt}));
  // Left edge: "a4 ( )", "b5 ( )" ...; the label ends one space before its ring.
  for (const char* cell : {"a1", "a4", "b5", "c6", "d7", "b1", "c1", "d1"}) {
    CAPTURE(cell);
    const board_geometry geo(37);
    const auto p = geo.parse(cell);
    const auto& line = lines.at(static_cast<std::size_t>(12 - geo.height(p->x, p->k)));
    const auto col = static_cast<std::size_t>(3 + 4 * p->x);
    CHECK(line.substr(col - 3, 6) == std::string(cell) + " ( )");
  }
  // Right edge: "( ) g4", "( ) e6" ...
  for (const char* cell : {"g1", "g4", "f5", "e6", "e1", "f1"}) {
    CAPTURE(cell);
    const board_geometry geo(37);
    const auto p = geo.parse(cell);
    const auto& line = lines.at(static_cast<std::size_t>(12 - geo.height(p->x, p->k)));
    const auto col = static_cast<std::size_t>(3 + 4 * p->x);
    CHECK(line.substr(col, 6) == std::string("( ) ") + cell);
  }
}

TEST_CASE("when an edge ring is removed, the label goes to the ring now at the edge") {
  json s = start_state(37);
  s["rings"].erase("a4");
  const auto lines = lines_of(render_board(s, {false, std::nullopt}));
  const board_geometry geo(37);
  const auto& row = lines.at(static_cast<std::size_t>(12 - geo.height(0, 4)));  // a4's row
  CHECK(row.find("a4") == std::string::npos);
  CHECK(row.find("c5 ( )") != std::string::npos);
}

TEST_CASE("board coords writes every cell's name where its ring is") {
  json s = start_state(37);
  s["rings"]["d4"] = "W";
  const auto lines = lines_of(render_board(s, {false, std::nullopt, true}));
  CHECK(ring_at(lines, "c4").substr(0, 2) == "c4");
  CHECK(ring_at(lines, "e5").substr(0, 2) == "e5");
  CHECK(ring_at(lines, "d4") == "d4W");
  CHECK(count(render_board(s, {false, std::nullopt, true}), "( )") == 0);
}

TEST_CASE("marbles, removed rings, the last move and isolated rings are all visible") {
  json s = start_state(37);
  s["rings"]["d4"] = "W";
  s["rings"]["c3"] = "G";
  s["rings"]["e5"] = "B";
  s["rings"].erase("a1");
  s["rings"].erase("g1");
  s["last_move"] = {{"move", "Wd4-a1"},
                    {"by", 1},
                    {"captured", {{"W", 0}, {"G", 0}, {"B", 0}}},
                    {"isolated", {"g1"}}};
  const std::string plain = render_board(s, {false, 2});
  const auto lines = lines_of(plain);
  CHECK(count(plain, "( )") == 37 - 2 - 3);
  CHECK(ring_at(lines, "d4") == "[W]");  // the placement is highlighted
  CHECK(ring_at(lines, "c3") == "(G)");
  CHECK(ring_at(lines, "e5") == "(B)");
  CHECK(ring_at(lines, "a1") == " x ");  // the ring the move removed
  CHECK(ring_at(lines, "g1") == " * ");  // the isolated ring
  CHECK(plain.find("alice") != std::string::npos);
  CHECK(plain.find("bob (you)") != std::string::npos);
  CHECK(plain.find("5:00") != std::string::npos);
  CHECK(plain.find("4:59") != std::string::npos);
  CHECK(plain.find("Pool W6 G8 B10") != std::string::npos);
  CHECK(plain.find("alice to move") != std::string::npos);
  CHECK(plain.find("Last: alice placed white on d4 and removed a1, isolating 1 ring") !=
        std::string::npos);
  CHECK(plain.find('\x1b') == std::string::npos);

  const std::string colored = render_board(s, {true, 2});
  CHECK(colored.find("\x1b[1;30;107mW") != std::string::npos);   // white marble
  CHECK(colored.find("\x1b[1;97;100mG") != std::string::npos);   // grey marble
  CHECK(colored.find("\x1b[1;97;40m(B)") != std::string::npos);  // black, framed in its colour
  const auto a = lines_of(plain), b = lines_of(colored);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(visible_width(b[i]) == a[i].size());
}

TEST_CASE("a capture's jumped rings are marked and the live clocks are drawn") {
  json s = start_state(37);
  s["rings"]["d3"] = "B";
  s["last_move"] = {{"move", "Bd1xd3"}, {"by", 2}, {"captured", {{"W", 0}, {"G", 1}, {"B", 0}}}};
  render_options o{false, 1};
  o.clock_ms = {{std::optional<long long>(9400), std::optional<long long>(61000)}};
  const std::string text = render_board(s, o);
  const auto lines = lines_of(text);
  CHECK(ring_at(lines, "d2") == "(x)");  // the grey marble that was jumped
  CHECK(ring_at(lines, "d1") == "[ ]");
  CHECK(ring_at(lines, "d3") == "[B]");
  CHECK(text.find("0:09 !") != std::string::npos);  // ours, running, under 10 s
  CHECK(text.find("1:01") != std::string::npos);
  CHECK(text.find("Last: bob jumped black from d1 to d3, capturing 1 grey") != std::string::npos);
}

TEST_CASE("a compulsory capture says whose it is, and goes once the game is over") {
  json s = start_state(37);
  s["rings"]["d1"] = "B";
  s["rings"]["d2"] = "W";
  s["must_capture"] = true;
  s["captures"] = json::array({json::array({"d1", "d3", "d5"})});
  CHECK(render_board(s, {false, 1}).find("You must capture: Bd1xd3xd5") != std::string::npos);
  CHECK(render_board(s, {false, 2}).find("alice must capture: Bd1xd3xd5") != std::string::npos);
  CHECK(render_board(s, {false, std::nullopt}).find("alice must capture") != std::string::npos);
  s["status"] = "finished";
  s["result"] = {{"winner", 2}, {"reason", "resignation"}};
  const std::string over = render_board(s, {false, 1});
  CHECK(over.find("must capture") == std::string::npos);
  CHECK(over.find("Game over: alice resigned: bob wins.") != std::string::npos);
}

TEST_CASE("names from the wire cannot act on the terminal, and garbage does not crash") {
  json s = start_state(37);
  s["players"][0]["name"] = "\x1b]0;owned\x07";
  s["room"] = "r\x1b[2J";
  const std::string text = render_board(s, {false, 1});
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK(text.find("\\e]0;owned") != std::string::npos);
  const json junk = {{"board", "x"}, {"rings", 7}, {"players", "no"}, {"last_move", {{"move", 3}}}};
  CHECK_FALSE(render_board(junk, {true, std::nullopt}).empty());
  CHECK_FALSE(render_board(json::array(), {false, std::nullopt}).empty());
}
