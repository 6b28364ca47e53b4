// ZEN game records: PGN-style tag pairs and numbered movetext (zertz-rules.md §8).
#include <cctype>
#include <charconv>

#include "engine/zertz/game.hpp"
#include "engine/zertz/rules.hpp"
#include "engine/zertz/zen.hpp"

namespace ringside::zertz {

namespace {

// Tag values stay on one line: quote and backslash are escaped, control characters become
// \xNN, so any value reads back unchanged.
std::string escape(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (char ch : s) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
      continue;
    }
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

std::string result_text(const std::optional<game_result>& r) {
  if (!r) return "*";
  if (r->winner == 1) return "1-0";
  if (r->winner == 2) return "0-1";
  return "1/2-1/2";
}

bool is_result(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// "12." or "12..." : a move number, which carries no information.
bool is_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  const std::string_view dots = t.substr(i);
  return dots == "." || dots == "...";
}

// Parses one tag line `[Name "value"]`; returns the reason when malformed.
expected<std::pair<std::string, std::string>> parse_tag(std::string_view line) {
  std::size_t i = 1;
  std::string name;
  while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i]))) name += line[i++];
  if (name.empty()) return fail("a tag line needs a name: " + std::string(line));
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"') return fail("tag " + name + " needs a quoted value");
  ++i;
  std::string value;
  bool closed = false;
  for (; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 3 < line.size() && line[i + 1] == 'x' &&
        hex_digit(line[i + 2]) >= 0 && hex_digit(line[i + 3]) >= 0) {
      value += static_cast<char>(hex_digit(line[i + 2]) * 16 + hex_digit(line[i + 3]));
      i += 3;
    } else if (line[i] == '\\' && i + 1 < line.size()) {
      value += line[++i];
    } else if (line[i] == '"') {
      closed = true;
      ++i;
      break;
    } else {
      value += line[i];
    }
  }
  while (i < line.size() && line[i] == ' ') ++i;
  if (!closed || i >= line.size() || line[i] != ']' || i + 1 != line.size()) {
    return fail("tag " + name + " is not closed as [" + name + " \"value\"]");
  }
  return std::make_pair(name, value);
}

}  // namespace

std::string write_zen_record(const game& g, const zen_tags& tags) {
  std::string s;
  auto tag = [&](std::string_view name, std::string_view value) {
    s += '[';
    s += name;
    s += " \"";
    s += escape(value);
    s += "\"]\n";
  };
  const bool decided_outside = !g.result() && is_result(tags.result) && tags.result != "*";
  const std::string result = decided_outside ? tags.result : result_text(g.result());
  tag("Event", tags.event);
  tag("Date", tags.date);
  tag("Player1", tags.player1);
  tag("Player2", tags.player2);
  tag("Variant", to_string(g.rules()));
  tag("Board", std::to_string(g.board_rings()));
  if (auto z = g.start_zip()) tag("ZIP", *z);
  tag("Result", result);
  if (g.result())
    tag("Termination", to_string(g.result()->reason));
  else if (decided_outside && !tags.termination.empty())
    tag("Termination", tags.termination);
  s += '\n';
  // Number full turns from the start; a game from a ZIP with player 2 to move opens "1...".
  const auto& h = g.history();
  int first_seat = 1;
  if (auto z = g.start_zip(); z && !z->empty() && z->back() == '2') first_seat = 2;
  std::string line;
  for (std::size_t i = 0; i < h.size(); ++i) {
    const std::size_t turn = i + (first_seat == 2 ? 1 : 0);
    if (turn % 2 == 0) {
      line += std::to_string(turn / 2 + 1) + ". ";
    } else if (i == 0) {
      line += "1... ";
    }
    line += h[i];
    line += ' ';
    if (line.size() > 72) {
      s += line.substr(0, line.size() - 1);
      s += '\n';
      line.clear();
    }
  }
  s += line;
  s += result;
  s += '\n';
  return s;
}

expected<zen_record> parse_zen_record(std::string_view text) {
  zen_record rec;
  bool have_result_tag = false;
  bool have_board_tag = false;
  std::string movetext;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty()) continue;
    if (line.front() != '[') {
      for (char ch : line) movetext += ch == '\t' || ch == '\r' ? ' ' : ch;
      movetext += ' ';
      continue;
    }
    if (!movetext.empty()) return fail("tag pairs must come before the moves");
    auto t = parse_tag(line);
    if (!t) return fail(t.error());
    const auto& [name, value] = *t;
    if (name == "Event")
      rec.tags.event = value;
    else if (name == "Date")
      rec.tags.date = value;
    else if (name == "Player1")
      rec.tags.player1 = value;
    else if (name == "Player2")
      rec.tags.player2 = value;
    else if (name == "Variant") {
      auto v = parse_variant(value);
      if (!v) return fail("unknown variant '" + value + "'; use standard, blitz or tournament");
      rec.rules = *v;
    } else if (name == "Board") {
      int n = 0;
      const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc{} || ptr != value.data() + value.size() || !is_supported_board(n)) {
        return fail("unknown board '" + value + "'; boards have 37, 40, 43, 44, 48 or 61 rings");
      }
      rec.board = n;
      have_board_tag = true;
    } else if (name == "ZIP") {
      rec.start_zip = value;
    } else if (name == "Result") {
      if (!is_result(value)) return fail("unknown result '" + value + "'");
      rec.result = value;
      have_result_tag = true;
    }
  }
  if (!have_board_tag) rec.board = rules_of(rec.rules).default_board;
  std::size_t i = 0;
  bool ended = false;
  while (i < movetext.size()) {
    while (i < movetext.size() && movetext[i] == ' ') ++i;
    if (i >= movetext.size()) break;
    std::size_t j = i;
    while (j < movetext.size() && movetext[j] != ' ') ++j;
    const std::string_view tok = std::string_view(movetext).substr(i, j - i);
    i = j;
    if (ended) return fail("text after the result: '" + std::string(tok) + "'");
    if (is_move_number(tok)) continue;
    if (is_result(tok)) {
      if (have_result_tag && tok != rec.result) {
        return fail("the movetext ends " + std::string(tok) + " but the Result tag says " +
                    rec.result);
      }
      rec.result = std::string(tok);
      ended = true;
      continue;
    }
    auto m = read_move_text(tok);
    if (!m) return fail("move " + std::to_string(rec.moves.size() + 1) + ": " + m.error());
    rec.moves.emplace_back(tok);
  }
  if (rec.result.empty()) rec.result = "*";
  return rec;
}

expected<game> replay(const zen_record& record) {
  auto started = record.start_zip ? game::from_zip(record.rules, *record.start_zip, record.board)
                                  : game::start(record.rules, record.board);
  if (!started) return fail(started.error());
  game g = std::move(*started);
  if (g.board_rings() != record.board) {
    return fail("the ZIP describes a " + std::to_string(g.board_rings()) +
                "-ring board but the Board tag says " + std::to_string(record.board));
  }
  std::size_t seen = g.history().size();  // passes already played automatically
  std::size_t consumed = 0;
  for (const std::string& text : record.moves) {
    ++consumed;
    if (consumed <= seen) {
      if (g.history()[consumed - 1] != text) {
        return fail("move " + std::to_string(consumed) + " (" + text + "): expected " +
                    g.history()[consumed - 1]);
      }
      continue;
    }
    auto r = g.play(text);
    if (!r) return fail("move " + std::to_string(consumed) + " (" + text + "): " + r.error());
    seen = g.history().size();
  }
  if (g.result() && record.result != "*" && record.result != result_text(g.result())) {
    return fail("the game ends " + result_text(g.result()) + " but the record says " +
                record.result);
  }
  return g;
}

}  // namespace ringside::zertz
