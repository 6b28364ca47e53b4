// ZEN game records: PGN-style tag pairs and numbered movetext (zertz-rules.md §8).
#include <charconv>

#include "engine/common/record_text.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/rules.hpp"
#include "engine/zertz/zen.hpp"

namespace ringside::zertz {

std::string write_zen_record(const game& g, const zen_tags& tags) {
  std::string s = player_tag_lines(tags);
  s += tag_line("Variant", to_string(g.rules()));
  s += tag_line("Board", std::to_string(g.board_rings()));
  if (auto z = g.start_zip()) s += tag_line("ZIP", *z);
  s += result_tag_lines(g.outcome(), tags);
  s += '\n';
  // Turns alternate from the start; a game from a ZIP with player 2 to move opens "1...".
  int seat = 1;
  if (auto z = g.start_zip(); z && !z->empty() && z->back() == '2') seat = 2;
  std::vector<int> seats;
  for (std::size_t i = 0; i < g.history().size(); ++i) {
    seats.push_back(seat);
    seat = 3 - seat;
  }
  return s + movetext(g.history(), seats, record_result(g.outcome(), tags));
}

expected<zen_record> parse_zen_record(std::string_view text) {
  auto rt = read_record_text(text);
  if (!rt) return fail(rt.error());
  zen_record rec;
  bool have_board_tag = false;
  for (const auto& [name, value] : rt->tags) {
    if (read_player_tag(rec.tags, name, value)) continue;
    if (name == "Variant") {
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
    }
  }
  if (!have_board_tag) rec.board = rules_of(rec.rules).default_board;
  return with_movetext(std::move(rec), *rt, [](std::string_view t) { return read_move_text(t); });
}

expected<game> replay(const zen_record& record) {
  auto started = record.start_zip ? game::from_zip(record.rules, *record.start_zip, record.board)
                                  : game::create(to_string(record.rules), record.board);
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
  const std::string ended = result_token(g.outcome());
  if (g.outcome() && record.result != "*" && record.result != ended) {
    return fail("the game ends " + ended + " but the record says " + record.result);
  }
  return g;
}

}  // namespace ringside::zertz
