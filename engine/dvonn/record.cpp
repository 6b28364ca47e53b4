#include "engine/dvonn/record.hpp"

#include <charconv>

#include "engine/common/record_text.hpp"
#include "engine/dvonn/notation.hpp"

namespace ringside::dvonn {

namespace {

std::string result_text(const std::optional<game_outcome>& o) {
  if (!o) return "*";
  if (o->winner == 1) return "1-0";
  if (o->winner == 2) return "0-1";
  return "1/2-1/2";
}

std::string score_text(const std::array<int, 2>& s) {
  return std::to_string(s[0]) + "-" + std::to_string(s[1]);
}

// "27-19": two counts of at most 49 pieces.
std::optional<std::array<int, 2>> read_score(std::string_view s) {
  const auto dash = s.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  std::array<int, 2> out{};
  const std::array<std::string_view, 2> parts{s.substr(0, dash), s.substr(dash + 1)};
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string_view p = parts[i];
    const auto [ptr, ec] = std::from_chars(p.data(), p.data() + p.size(), out[i]);
    if (p.empty() || ec != std::errc{} || ptr != p.data() + p.size() || out[i] < 0 ||
        out[i] > cell_count) {
      return std::nullopt;
    }
  }
  return out;
}

bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto up = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; };
    if (up(a[i]) != up(b[i])) return false;
  }
  return true;
}

}  // namespace

std::string write_record(const game& g, const record_tags& tags) {
  const bool decided_outside = !g.outcome() && is_result_token(tags.result) && tags.result != "*";
  const std::string result = decided_outside ? tags.result : result_text(g.outcome());
  std::string s = tag_line("Game", "DVONN");
  s += tag_line("Event", tags.event);
  s += tag_line("Date", tags.date);
  s += tag_line("Player1", tags.player1);
  s += tag_line("Player2", tags.player2);
  if (g.start_position()) s += tag_line("Position", *g.start_position());
  s += tag_line("Result", result);
  if (g.outcome())
    s += tag_line("Termination", g.outcome()->reason);
  else if (decided_outside && !tags.termination.empty())
    s += tag_line("Termination", tags.termination);
  s += tag_line("Score", score_text(*g.score()));
  s += '\n';

  // Who played each ply follows from the start: placements by the placing order, then turns
  // alternate (passes are turns).
  position start;
  if (g.start_position()) start = *parse_position(*g.start_position());
  int side = start.side();
  int placed = start.placed();
  int number = 0;
  std::string line;
  const auto& h = g.history();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (side == 0) {
      line += std::to_string(++number) + ". ";
    } else if (i == 0) {
      line += "1... ";
      number = 1;
    }
    line += h[i];
    line += ' ';
    if (placed < cell_count) {
      side = placing_side(++placed);
    } else {
      side ^= 1;
    }
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

expected<record> parse_record(std::string_view text) {
  auto rt = read_record_text(text);
  if (!rt) return fail(rt.error());
  record rec;
  std::string result_tag;
  for (const auto& [name, value] : rt->tags) {
    if (name == "Game") {
      if (!same_letters(value, "DVONN")) {
        return fail("this is a record of " + value.substr(0, 32) + ", not of DVONN");
      }
    } else if (name == "Event") {
      rec.tags.event = value;
    } else if (name == "Date") {
      rec.tags.date = value;
    } else if (name == "Player1") {
      rec.tags.player1 = value;
    } else if (name == "Player2") {
      rec.tags.player2 = value;
    } else if (name == "Position") {
      rec.start_position = value;
    } else if (name == "Result") {
      if (!is_result_token(value)) return fail("unknown result '" + value.substr(0, 32) + "'");
      result_tag = value;
    } else if (name == "Score") {
      rec.score = read_score(value);
      if (!rec.score) {
        return fail("the Score tag must be two heights like 27-19, not '" + value.substr(0, 32) +
                    "'");
      }
    }
  }
  if (!result_tag.empty() && !rt->result.empty() && result_tag != rt->result) {
    return fail("the movetext ends " + rt->result + " but the Result tag says " + result_tag);
  }
  rec.result = !rt->result.empty() ? rt->result : !result_tag.empty() ? result_tag : "*";
  for (const std::string& tok : rt->tokens) {
    auto m = read_move_text(tok);
    if (!m) return fail("move " + std::to_string(rec.moves.size() + 1) + ": " + m.error());
    rec.moves.push_back(tok);
  }
  return rec;
}

expected<game> replay(const record& r) {
  auto started = r.start_position ? game::from_position(*r.start_position)
                                  : game::create("standard", cell_count);
  if (!started) return fail("the Position tag: " + started.error());
  game g = std::move(*started);
  std::size_t seen = g.history().size();  // passes already played automatically
  std::size_t consumed = 0;
  for (const std::string& text : r.moves) {
    ++consumed;
    const std::string where = "move " + std::to_string(consumed) + " (" + text + "): ";
    if (consumed <= seen) {
      auto token = read_move_text(text);
      if (!token || token->kind != move_kind::pass) {
        return fail(where + "the player had no move here, so the record must say pass");
      }
      continue;
    }
    auto played = g.play(text);
    if (!played) return fail(where + played.error());
    seen = g.history().size();
  }
  // A record may leave out a forced pass at its very end: the game has played it anyway.
  if (g.outcome() && r.result != "*" && r.result != result_text(g.outcome())) {
    return fail("the moves end the game " + result_text(g.outcome()) + " but the record says " +
                r.result);
  }
  if (r.score && *r.score != *g.score()) {
    return fail("the Score tag says " + score_text(*r.score) + " but the moves give " +
                score_text(*g.score()));
  }
  return g;
}

}  // namespace ringside::dvonn
