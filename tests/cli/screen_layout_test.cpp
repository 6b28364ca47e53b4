// The fixed board at the top: repainted in place line by line with the cursor saved and
// restored, laid out again only when its height changes, and given up on a small terminal.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "clients/cli/screen_layout.hpp"

using namespace ringside::cli;
using change = screen_layout::change;

namespace {

std::vector<std::string> board(int n, const std::string& tag) {
  std::vector<std::string> lines;
  for (int i = 0; i < n; ++i) lines.push_back(tag + std::to_string(i));
  return lines;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("the top is laid out once, then repainted in place, only where it changed") {
  screen_layout s(true);
  s.set_size(24, 80);
  s.remember("older message\nnewest message\n");
  CHECK(s.set_top(board(10, "a")) == change::relayout);
  const std::string lay = s.relayout();
  CHECK(s.fixed());
  CHECK(lay.find("\x1b[12;24r") != std::string::npos);  // scrolling region under board + rule
  CHECK(lay.find("a9") != std::string::npos);
  CHECK(lay.find("newest message\r\n") != std::string::npos);  // the latest messages again
  CHECK(s.set_top(board(10, "a")) == change::none);
  auto next = board(10, "a");
  next[3] = "clock 4:59";
  CHECK(s.set_top(next) == change::repaint);
  const std::string paint = s.paint_top();
  CHECK(
      paint.starts_with("\x1b"
                        "7"));  // the cursor is saved...
  CHECK(
      paint.ends_with("\x1b"
                      "8"));  // ...and put back: the typed line is not touched
  CHECK(paint.find("\x1b[4;1H") != std::string::npos);
  CHECK(paint.find("clock 4:59") != std::string::npos);
  CHECK(count(paint, ";1H") == 1);                       // only the line that changed
  CHECK(s.set_top(board(12, "b")) == change::relayout);  // a taller board: a new layout
}

TEST_CASE("a board too tall for the terminal is not held: the owner prints it inline") {
  screen_layout s(true);
  s.set_size(24, 80);
  CHECK(s.set_top(board(20, "x")) == change::none);  // 20 + rule + 6 message rows > 24
  CHECK_FALSE(s.fixed());
  screen_layout dumb(false);
  CHECK(dumb.set_top(board(5, "x")) == change::none);
  CHECK_FALSE(dumb.fixed());
  CHECK(s.release().starts_with("\x1b[r"));
}

TEST_CASE("lines are cut to the width, escapes kept and colour closed") {
  CHECK(fit_width("abcdef", 4) == "abcd");
  CHECK(fit_width("\x1b[1mabcdef\x1b[0m", 3) == "\x1b[1mabc\x1b[0m");
  CHECK(fit_width("Zo\xc3\xab!", 3) == "Zo\xc3\xab");
  CHECK(fit_width("ab", 10) == "ab");
}
