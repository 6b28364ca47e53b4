#include "clients/cli/screen_layout.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>

namespace ringside::cli {

namespace {

constexpr std::size_t recent_kept = 500;
constexpr int min_message_rows = 6;  // below this the board is printed inline instead

std::string move_to(int row) {
  return "\x1b[" + std::to_string(row) + ";1H";
}

}  // namespace

screen_layout::screen_layout(bool usable) : usable_(usable) {
  read_size();
}

bool screen_layout::read_size() {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0)
    return false;
  return set_size(ws.ws_row, ws.ws_col);
}

bool screen_layout::set_size(int rows, int columns) {
  const bool changed = rows != rows_ || columns != columns_;
  rows_ = rows;
  columns_ = columns;
  for (auto& line : top_) line = fit_width(line, static_cast<std::size_t>(columns_));
  return changed;
}

bool screen_layout::fits() const {
  return usable_ && !top_.empty() && static_cast<int>(top_.size()) + 1 + min_message_rows <= rows_;
}

screen_layout::change screen_layout::set_top(std::vector<std::string> lines) {
  for (auto& line : lines) line = fit_width(line, static_cast<std::size_t>(columns_));
  top_ = std::move(lines);
  const bool want_fixed = fits();
  if (want_fixed != fixed_) return change::relayout;
  if (!fixed_) return change::none;
  if (top_.size() != painted_.size()) return change::relayout;
  return top_ == painted_ ? change::none : change::repaint;
}

std::string screen_layout::paint_top() {
  if (!fixed_) return {};
  std::string out =
      "\x1b"
      "7";  // save the cursor (DECSC): readline's line stays put
  for (std::size_t i = 0; i < top_.size(); ++i) {
    if (i < painted_.size() && painted_[i] == top_[i]) continue;
    out += move_to(static_cast<int>(i) + 1);
    out += "\x1b[2K";
    out += top_[i];
  }
  out +=
      "\x1b"
      "8";
  painted_ = top_;
  return out;
}

std::string screen_layout::relayout() {
  fixed_ = fits();
  std::string out = "\x1b[r\x1b[H\x1b[2J";
  int first_row = 1;
  if (fixed_) {
    for (std::size_t i = 0; i < top_.size(); ++i) out += move_to(static_cast<int>(i) + 1) + top_[i];
    const int rule = static_cast<int>(top_.size()) + 1;
    out += move_to(rule) + "\x1b[2m" + std::string(static_cast<std::size_t>(columns_), '-') +
           "\x1b[0m";
    first_row = rule + 1;
    out += "\x1b[" + std::to_string(first_row) + ";" + std::to_string(rows_) + "r";
    painted_ = top_;
  } else {
    painted_.clear();
  }
  out += move_to(first_row);
  // The newest messages that fit, leaving the last row for the prompt.
  const std::size_t capacity = static_cast<std::size_t>(std::max(0, rows_ - first_row));
  std::size_t used = 0;
  auto from = recent_.end();
  while (from != recent_.begin()) {
    const std::size_t width = visible_width(*std::prev(from));
    const std::size_t rows = std::max<std::size_t>(
        1, (width + static_cast<std::size_t>(columns_) - 1) / static_cast<std::size_t>(columns_));
    if (used + rows > capacity) break;
    used += rows;
    --from;
  }
  for (auto it = from; it != recent_.end(); ++it) out += *it + "\r\n";
  return out;
}

std::string screen_layout::release() {
  fixed_ = false;
  painted_.clear();
  return "\x1b[r" + move_to(rows_);
}

void screen_layout::remember(const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    recent_.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  while (recent_.size() > recent_kept) recent_.pop_front();
}

}  // namespace ringside::cli
