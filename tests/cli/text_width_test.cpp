// Terminal columns, not characters: a CJK character or an emoji takes two, a combining accent
// none, so names in any script keep the panels and the fixed board in line.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients/cli/board_panel.hpp"
#include "clients/cli/screen_layout.hpp"
#include "clients/cli/text_width.hpp"

using namespace ringside::cli;
using nlohmann::json;

namespace {

const std::string yamada = "\xe5\xb1\xb1\xe7\x94\xb0";  // 山田
const std::string zoe = "Zo\xc3\xab";                   // Zoë, ë as one character
const std::string zoe_combining = "Zoe\xcc\x88";        // Zoë, e and a combining diaeresis
const std::string grinning = "\xf0\x9f\x98\x80";        // 😀
const std::string long_cjk = yamada + yamada + yamada + yamada + yamada;  // 10 characters

json playing_state(const std::string& first, const std::string& second) {
  return {{"room", "r1"},
          {"status", "playing"},
          {"to_move", 1},
          {"ply", 3},
          {"players", json::array({{{"name", first}, {"online", true}, {"clock_ms", 300000}},
                                   {{"name", second}, {"online", true}, {"clock_ms", 299000}}})}};
}

}  // namespace

TEST_CASE("a character takes the columns a terminal gives it") {
  CHECK(visible_width(yamada) == 4);
  CHECK(visible_width(zoe) == 3);
  CHECK(visible_width(zoe_combining) == 3);
  CHECK(visible_width(grinning) == 2);
  CHECK(visible_width("\x1b[1m" + yamada + "\x1b[0m") == 4);  // escapes take none
  CHECK(visible_width("a\xff"
                      "b") == 3);  // a stray byte counts one
  CHECK(column_width(U'\u5c71') == 2);
  CHECK(column_width(U'\u0301') == 0);
}

TEST_CASE("a line is cut at a column, never through a wide character") {
  CHECK(fit_width(yamada, 4) == yamada);
  CHECK(fit_width(yamada + "x", 3) == "\xe5\xb1\xb1");  // 山 fits, 田 would straddle the edge
  CHECK(fit_width(grinning + grinning, 3) == grinning);
  CHECK(fit_width(zoe_combining + "!", 3) == zoe_combining);  // the accent stays with its e
  CHECK(fit_width("\x1b[1m" + yamada + yamada + "\x1b[0m", 6) ==
        "\x1b[1m" + yamada + "\xe5\xb1\xb1\x1b[0m");
}

TEST_CASE("a CJK name keeps the player panel aligned") {
  const json state = playing_state(yamada, "alice");
  render_options opt;
  opt.color = false;
  const std::string first = panel_player(state, 1, opt);
  const std::string second = panel_player(state, 2, opt);
  // Both clocks start at column 20: 山田 takes 4 columns, so 14 spaces follow it, not 16.
  CHECK(first == "> " + yamada + std::string(14, ' ') + "5:00");
  CHECK(second == "  alice" + std::string(13, ' ') + "4:59");

  // A long name is cut to 14 columns (7 CJK characters), not 14 characters (28 columns).
  const json long_name = playing_state(long_cjk, zoe);
  const std::string cut = panel_player(long_name, 1, opt);
  CHECK(cut == "> " + long_cjk.substr(0, 21) + std::string(4, ' ') + "5:00");
  CHECK(panel_player(long_name, 2, opt) == "  " + zoe + std::string(15, ' ') + "4:59");

  // Beside a board, each panel line starts at the same column.
  const std::vector<std::string> board = {"  ( ) ( )", "( ) ( ) ( )", yamada + " ( )"};
  const auto lines = side_by_side(board, {first, second, cut}, 24);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == board[0] + std::string(15, ' ') + first);
  CHECK(lines[1] == board[1] + std::string(13, ' ') + second);
  CHECK(lines[2] == board[2] + std::string(16, ' ') + cut);  // 山田 ( ) is 8 columns
  for (const auto& line : lines) CHECK(visible_width(line) <= 80);
}

TEST_CASE("the fixed board's lines are cut to the terminal's columns, wide characters counted") {
  screen_layout s(true);
  s.set_size(24, 20);
  std::string wide_line;
  for (int i = 0; i < 15; ++i) wide_line += yamada;  // 60 columns
  s.set_top({wide_line, "short"});
  const std::string painted = s.relayout();
  std::string ten;  // 20 columns: what fits
  for (int i = 0; i < 5; ++i) ten += yamada;
  CHECK(painted.find(ten) != std::string::npos);
  CHECK(painted.find(ten + "\xe5\xb1\xb1") == std::string::npos);
}

TEST_CASE("a rated player's panel shows the rating, provisional with ?, and the game's change") {
  json state = playing_state("ann", "bob");
  state["players"][0]["rating"] = 1500;
  state["players"][0]["provisional"] = true;
  state["players"][1]["rating"] = 1731;
  render_options opt;
  opt.color = false;
  CHECK(panel_player(state, 1, opt) == "> ann 1500?" + std::string(9, ' ') + "5:00");
  CHECK(panel_player(state, 2, opt) == "  bob 1731" + std::string(10, ' ') + "4:59");
  state["status"] = "finished";
  state["players"][0]["rating"] = 1662;
  state["players"][0]["rating_change"] = 162;
  state["players"][1]["rating"] = 1720;
  state["players"][1]["rating_change"] = -11;
  CHECK(panel_player(state, 1, opt).rfind("  ann 1662? (+162)", 0) == 0);
  CHECK(panel_player(state, 2, opt).rfind("  bob 1720 (-11)", 0) == 0);
}

TEST_CASE("a clock not yet started says so, and a correspondence clock counts days and shows its date") {
  json st = playing_state("ann", "bob");
  st["players"][0]["clock_started"] = false;
  render_options opt;
  opt.color = false;
  CHECK(panel_player(st, 1, opt).find("5:00 (starts at first move)") != std::string::npos);
  st["players"][0]["clock_started"] = true;
  st["players"][0]["clock_ms"] = 2 * 86'400'000LL + 4 * 3'600'000LL;
  st["players"][0]["deadline"] = "2026-11-29T10:14:03.512Z";
  const auto line = panel_player(st, 1, opt);
  CHECK(line.find("2 d 4 h left, due 2026-11-29T10:14 UTC") != std::string::npos);
  CHECK(visible_width(line) <= 80);
  CHECK(clock_text(3 * 86'400'000LL) == "3 d 0 h");
  CHECK(clock_text(65'000) == "1:05");
}
