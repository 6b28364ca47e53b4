#pragma once
// screen_layout — the terminal split in two: the board and its panel held in place at the
// top, and below them a scrolling region where messages appear and readline keeps the line
// being typed. The top is repainted in place (saving and restoring the cursor), so the board
// and its clocks change without moving or disturbing the typed line, and chat and errors stay
// visible under it instead of scrolling away behind a fresh board.
//
// It only produces and writes escape sequences; the owner hides and shows readline's line
// around anything that moves the cursor in the scrolling part (see interactive_ui).

#include <deque>
#include <string>
#include <vector>

#include "clients/cli/text_width.hpp"  // fit_width, which cuts the lines it keeps

namespace ringside::cli {

class screen_layout {
 public:
  // `usable`: stdout is a terminal that knows scroll regions (not TERM=dumb).
  explicit screen_layout(bool usable);

  // Reads the terminal's size again (after SIGWINCH). Returns true when the layout must be
  // redone (call relayout()).
  bool read_size();
  // Sets the size directly (tests, or a terminal that cannot be asked). Returns whether it
  // changed.
  bool set_size(int rows, int columns);

  // The lines to hold at the top (empty: none). Returns what must happen: nothing, a repaint
  // of the top only (paint_top(), the cursor is saved and restored around it), or a relayout
  // (the height changed or the top appears or goes).
  enum class change { none, repaint, relayout };
  change set_top(std::vector<std::string> lines);

  // Whether a fixed top is on screen now (false: the terminal is too small or unusable, and
  // the owner prints boards inline instead).
  bool fixed() const { return fixed_; }

  // The escape text that repaints the changed top lines, leaving the cursor where it was.
  std::string paint_top();
  // The escape text that clears the screen, sets the scroll region under the top, paints the
  // top and replays the most recent messages into the region, ending with the cursor on the
  // region's last line (where readline then draws its prompt).
  std::string relayout();
  // The escape text that gives the whole screen back (at exit): no region, cursor at the end.
  std::string release();

  // Remembers printed message text, so a relayout can show the latest messages again.
  void remember(const std::string& text);

  int rows() const { return rows_; }
  int columns() const { return columns_; }

 private:
  bool fits() const;

  bool usable_;
  int rows_ = 24;
  int columns_ = 80;
  bool fixed_ = false;
  std::vector<std::string> top_;      // what should be on screen
  std::vector<std::string> painted_;  // what is on screen
  std::deque<std::string> recent_;    // message lines, newest last
};

}  // namespace ringside::cli
