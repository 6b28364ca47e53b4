#include "engine/common/record_text.hpp"

#include <cctype>

namespace ringside {

namespace {

int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// "12." or "12..." : a move number, which carries no information.
bool is_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  const std::string_view dots = t.substr(i);
  return dots == "." || dots == "...";
}

std::string shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    out += byte >= 0x20 && byte < 0x7f ? s[i] : '?';
  }
  return s.size() > 40 ? out + "..." : out;
}

// Parses one tag line `[Name "value"]`; returns the reason when malformed.
expected<std::pair<std::string, std::string>> parse_tag(std::string_view line) {
  std::size_t i = 1;
  std::string name;
  while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i]))) name += line[i++];
  if (name.empty()) return fail("a tag line needs a name: " + shown(line));
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

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::string tag_line(std::string_view name, std::string_view value) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string s = "[";
  s += name;
  s += " \"";
  for (char ch : value) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) {
      s += "\\x";
      s += hex[byte >> 4];
      s += hex[byte & 15];
      continue;
    }
    if (ch == '"' || ch == '\\') s += '\\';
    s += ch;
  }
  s += "\"]\n";
  return s;
}

expected<record_text> read_record_text(std::string_view text) {
  record_text rec;
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
    rec.tags.push_back(std::move(*t));
  }
  std::size_t i = 0;
  while (i < movetext.size()) {
    while (i < movetext.size() && movetext[i] == ' ') ++i;
    if (i >= movetext.size()) break;
    std::size_t j = i;
    while (j < movetext.size() && movetext[j] != ' ') ++j;
    const std::string_view tok = std::string_view(movetext).substr(i, j - i);
    i = j;
    if (!rec.result.empty()) return fail("text after the result: '" + shown(tok) + "'");
    if (is_move_number(tok)) continue;
    if (is_result_token(tok)) {
      rec.result = std::string(tok);
      continue;
    }
    rec.tokens.emplace_back(tok);
  }
  return rec;
}

std::string result_token(const std::optional<game_outcome>& outcome) {
  if (!outcome) return "*";
  if (outcome->winner == 1) return "1-0";
  if (outcome->winner == 2) return "0-1";
  return "1/2-1/2";
}

namespace {

bool decided_outside(const std::optional<game_outcome>& outcome, const record_tags& tags) {
  return !outcome && is_result_token(tags.result) && tags.result != "*";
}

}  // namespace

std::string record_result(const std::optional<game_outcome>& outcome, const record_tags& tags) {
  return decided_outside(outcome, tags) ? tags.result : result_token(outcome);
}

std::string player_tag_lines(const record_tags& tags) {
  return tag_line("Event", tags.event) + tag_line("Date", tags.date) +
         tag_line("Player1", tags.player1) + tag_line("Player2", tags.player2);
}

std::string result_tag_lines(const std::optional<game_outcome>& outcome, const record_tags& tags) {
  std::string s = tag_line("Result", record_result(outcome, tags));
  if (outcome)
    s += tag_line("Termination", outcome->reason);
  else if (decided_outside(outcome, tags) && !tags.termination.empty())
    s += tag_line("Termination", tags.termination);
  return s;
}

std::string movetext(const std::vector<std::string>& moves, const std::vector<int>& seats,
                     std::string_view result) {
  std::string s;
  std::string line;
  int number = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (seats[i] == 1) {
      line += std::to_string(++number) + ". ";
    } else if (i == 0) {
      line += "1... ";
      number = 1;
    }
    line += moves[i];
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

bool read_player_tag(record_tags& tags, std::string_view name, const std::string& value) {
  if (name == "Event")
    tags.event = value;
  else if (name == "Date")
    tags.date = value;
  else if (name == "Player1")
    tags.player1 = value;
  else if (name == "Player2")
    tags.player2 = value;
  else
    return false;
  return true;
}

expected<std::string> stated_result(const record_text& rec) {
  std::string tag;
  for (const auto& [name, value] : rec.tags) {
    if (name != "Result") continue;
    if (!is_result_token(value)) return fail("unknown result '" + shown(value) + "'");
    tag = value;
  }
  if (!tag.empty() && !rec.result.empty() && tag != rec.result) {
    return fail("the movetext ends " + rec.result + " but the Result tag says " + tag);
  }
  return !rec.result.empty() ? rec.result : !tag.empty() ? tag : std::string("*");
}

}  // namespace ringside
