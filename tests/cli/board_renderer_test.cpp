// The terminal drawing: a real hexagon, every ring where the geometry puts it, removed rings
// blank, 80 columns at most, colour only when asked for.

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "clients/cli/board_geometry.hpp"
#include "clients/cli/board_renderer.hpp"

using namespace ringside::cli;
using nlohmann::json;

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

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
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
  // Column d (x=3) sits at screen column 3 + 4*3 = 15; its 7 rings are on every other row.
  std::vector<std::size_t> d_rows, c_rows;
  for (std::size_t r = 0; r < lines.size(); ++r) {
    if (lines[r].size() >= 18 && lines[r].substr(15, 3) == "( )") d_rows.push_back(r);
    if (lines[r].size() >= 14 && lines[r].substr(11, 3) == "( )") c_rows.push_back(r);
  }
  REQUIRE(d_rows.size() == 7);
  REQUIRE(c_rows.size() == 6);
  for (std::size_t i = 1; i < d_rows.size(); ++i) CHECK(d_rows[i] - d_rows[i - 1] == 2);
  // Column c starts one row below d's top ring: the hexagonal offset.
  CHECK(c_rows.front() == d_rows.front() + 1);
  CHECK(c_rows.back() == d_rows.back() - 1);
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
  CHECK(count(plain, "( )") == 37 - 2 - 3);
  CHECK(count(plain, "[W]") == 1);  // the placement is highlighted
  CHECK(count(plain, "(G)") == 1);
  CHECK(count(plain, "(B)") == 1);
  CHECK(plain.find(" x ") != std::string::npos);  // the ring the move removed
  CHECK(plain.find(" * ") != std::string::npos);  // the isolated ring
  CHECK(plain.find("alice") != std::string::npos);
  CHECK(plain.find("bob (you)") != std::string::npos);
  CHECK(plain.find("5:00") != std::string::npos);
  CHECK(plain.find("4:59") != std::string::npos);
  CHECK(plain.find("Pool W6 G8 B10") != std::string::npos);
  CHECK(plain.find("Waiting for the other player") != std::string::npos);
  CHECK(plain.find('\x1b') == std::string::npos);

  const std::string colored = render_board(s, {true, 2});
  CHECK(colored.find('\x1b') != std::string::npos);
  CHECK(colored.find("\x1b[1;30;107mW") != std::string::npos);  // white marble
  CHECK(colored.find("\x1b[1;97;100mG") != std::string::npos);  // grey marble
  CHECK(colored.find("\x1b[1;97;40mB") != std::string::npos);   // black marble
  // Colour changes nothing of the layout.
  const auto a = lines_of(plain), b = lines_of(colored);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(visible_width(b[i]) == a[i].size());
}

TEST_CASE("cell names run along the edges") {
  const std::string text = render_board(start_state(61), {false, std::nullopt});
  for (const char* name : {"a1", "a5", "e1", "e9", "i1", "i5"})
    CHECK(text.find(name) != std::string::npos);
}

TEST_CASE("a compulsory capture lists the chains as typable tokens") {
  json s = start_state(37);
  s["rings"]["d1"] = "B";
  s["rings"]["d2"] = "W";
  s["rings"]["d4"] = "G";
  s["must_capture"] = true;
  s["captures"] = json::array({json::array({"d1", "d3", "d5"})});
  const std::string text = render_board(s, {false, 1});
  CHECK(text.find("Capture is compulsory: Bd1xd3xd5") != std::string::npos);
}

TEST_CASE("a finished game shows the winner and garbage fields do not crash") {
  json s = start_state(37);
  s["status"] = "finished";
  s["result"] = {{"winner", 2}, {"reason", "resignation"}};
  CHECK(render_board(s, {false, 1}).find("Seat 2 wins (resignation)") != std::string::npos);
  const json junk = {{"board", "x"}, {"rings", 7}, {"players", "no"}, {"last_move", {{"move", 3}}}};
  CHECK_FALSE(render_board(junk, {true, std::nullopt}).empty());
  CHECK_FALSE(render_board(json::array(), {false, std::nullopt}).empty());
}
