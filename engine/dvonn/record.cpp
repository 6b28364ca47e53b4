#include "engine/dvonn/record.hpp"

#include <charconv>

#include "engine/common/record_text.hpp"
#include "engine/dvonn/notation.hpp"

namespace ringside::dvonn {

namespace {

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
  std::string s = tag_line("Game", "DVONN") + player_tag_lines(tags);
  if (g.start_position()) s += tag_line("Position", *g.start_position());
  s += result_tag_lines(g.outcome(), tags);
  s += tag_line("Score", score_text(*g.score()));
  s += '\n';

  // Who played each ply follows from the start: placements by the placing order, then turns
  // alternate (passes are turns).
  position start;
  if (g.start_position()) start = *parse_position(*g.start_position());
  int side = start.side();
  int placed = start.placed();
  std::vector<int> seats;
  for (std::size_t i = 0; i < g.history().size(); ++i) {
    seats.push_back(side + 1);
    if (placed < cell_count) {
      side = placing_side(++placed);
    } else {
      side ^= 1;
    }
  }
  return s + movetext(g.history(), seats, record_result(g.outcome(), tags));
}

expected<record> parse_record(std::string_view text) {
  auto rt = read_record_text(text);
  if (!rt) return fail(rt.error());
  record rec;
  for (const auto& [name, value] : rt->tags) {
    if (read_player_tag(rec.tags, name, value)) continue;
    if (name == "Game") {
      if (!same_letters(value, "DVONN")) {
        return fail("this is a record of " + value.substr(0, 32) + ", not of DVONN");
      }
    } else if (name == "Position") {
      rec.start_position = value;
    } else if (name == "Score") {
      rec.score = read_score(value);
      if (!rec.score) {
        return fail("the Score tag must be two heights like 27-19, not '" + value.substr(0, 32) +
                    "'");
      }
    }
  }
  return with_movetext(std::move(rec), *rt, [](std::string_view t) { return read_move_text(t); });
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
  if (g.outcome() && r.result != "*" && r.result != result_token(g.outcome())) {
    return fail("the moves end the game " + result_token(g.outcome()) + " but the record says " +
                r.result);
  }
  if (r.score && *r.score != *g.score()) {
    return fail("the Score tag says " + score_text(*r.score) + " but the moves give " +
                score_text(*g.score()));
  }
  return g;
}

}  // namespace ringside::dvonn
