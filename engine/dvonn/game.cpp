#include "engine/dvonn/game.hpp"

#include <algorithm>

#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/record.hpp"

namespace ringside::dvonn {

std::string_view to_string(game_phase p) {
  return p == game_phase::placement ? "placement" : "movement";
}

expected<game> game::create(std::string_view variant, int board) {
  if (variant != "standard") {
    return fail("DVONN has no variant \"" + std::string(variant.substr(0, 32)) +
                "\"; it is played in one way, standard");
  }
  if (board != 0 && board != cell_count) {
    return fail("DVONN has one board, of 49 cells; there is no " + std::to_string(board) +
                "-cell board");
  }
  return game();
}

expected<game> game::from_position(std::string_view text) {
  auto p = parse_position(text);
  if (!p) return fail(p.error());
  game g;
  g.pos_ = *p;
  g.start_ = write_position(*p);
  g.settle();
  return g;
}

void game::settle() {
  if (pos_.placing()) return;
  if (pos_.can_move(pos_.side())) return;
  if (pos_.can_move(pos_.side() ^ 1)) {
    history_by_.push_back(pos_.side() + 1);
    pos_.do_move(move::pass());
    history_.emplace_back("pass");
    return;
  }
  const int a = pos_.score(0);
  const int b = pos_.score(1);
  outcome_ = game_outcome{a > b ? 1 : b > a ? 2 : 0, "no_moves"};
}

expected<std::string> game::check_move(std::string_view text) const {
  if (outcome_) return fail("the game is over");
  auto m = resolve_move(pos_, text);
  if (!m) return fail(m.error());
  return m->text();
}

expected<move_report> game::play(std::string_view text) {
  if (outcome_) return fail("the game is over");
  auto m = resolve_move(pos_, text);
  if (!m) return fail(m.error());
  move_report report;
  report.text = m->text();
  report.by = pos_.side() + 1;
  position::undo u;
  pos_.do_move(*m, u);
  for (bitboard r = u.removed; r; r &= r - 1) {
    const square s = lowest(r);
    report.removed.push_back({std::string(name_of(s)), pos_.removed_stack_text(s)});
  }
  history_.push_back(report.text);
  history_by_.push_back(report.by);
  settle();
  return report;
}

std::vector<std::string> game::legal_moves() const {
  std::vector<std::string> out;
  if (outcome_) return out;
  move_list legal;
  generate_moves(pos_, legal);
  out.reserve(static_cast<std::size_t>(legal.size()));
  for (const move& m : legal) out.push_back(m.text());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::array<int, 2>> game::score() const {
  return std::array<int, 2>{pos_.score(0), pos_.score(1)};
}

std::string game::position_text() const {
  return write_position(pos_);
}

std::string game::write_record(const record_tags& tags) const {
  return dvonn::write_record(*this, tags);
}

std::vector<stack_view> game::stacks() const {
  std::vector<stack_view> out;
  for (bitboard o = pos_.occupied(); o; o &= o - 1) {
    const square s = lowest(o);
    out.push_back({std::string(name_of(s)), pos_.stack_text(s)});
  }
  return out;
}

supply game::to_place(int seat) const {
  if (seat != 1 && seat != 2) return supply{0, 0, 'W'};
  supply out{0, 0, seat == 1 ? 'W' : 'B'};
  // Count the placements still to come that fall to this seat.
  for (int k = pos_.placed(); k < cell_count; ++k) {
    if (placing_side(k) != seat - 1) continue;
    if (placement_piece(k) == piece::dvonn) {
      ++out.dvonn;
    } else {
      ++out.own;
    }
  }
  return out;
}

}  // namespace ringside::dvonn
