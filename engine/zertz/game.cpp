#include "engine/zertz/game.hpp"

#include <algorithm>

#include "engine/zertz/board.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/position.hpp"
#include "engine/zertz/rules.hpp"
#include "engine/zertz/zen.hpp"
#include "engine/zertz/zip.hpp"
#include "engine/zertz/zobrist.hpp"

namespace ringside::zertz {

struct game::impl {
  explicit impl(position p) : pos(p) {}

  position pos;
  std::optional<std::string> start_zip;  // set when the game did not start empty
  std::vector<std::string> history;
  std::vector<int> history_by;
  std::vector<position::state> seen;  // every position so far, the start included
  int passes_in_row = 0;
  std::optional<game_outcome> result;

  bool pass_forced() const {
    return !pos.over() && !pos.any_jump() && pos.placeable_colours() == 0;
  }

  // Called after each move (the position is the new one): sets the result if the game ended.
  void settle() {
    seen.push_back(pos.raw());
    if (const int w = pos.winner()) {
      const auto& caps = pos.raw().caps[static_cast<std::size_t>(w - 1)];
      const bool by_set = meets_win(rules_of(pos.rules()), caps);
      result = game_outcome{w, by_set ? "win_condition" : "board_full"};
      return;
    }
    if (std::count(seen.begin(), seen.end(), pos.raw()) >= 3) {
      result = game_outcome{0, "repetition"};
      return;
    }
    if (passes_in_row >= 2) result = game_outcome{0, "no_moves"};
  }

  void play_forced_passes() {
    while (!result && pass_forced()) {
      history_by.push_back(pos.side() + 1);
      pos.do_move(move::pass());
      history.emplace_back("pass");
      ++passes_in_row;
      settle();
    }
  }
};

game::game(std::unique_ptr<impl> p) : impl_(std::move(p)) {}
game::game(const game& o) : impl_(std::make_unique<impl>(*o.impl_)) {}
game::game(game&&) noexcept = default;
game& game::operator=(const game& o) {
  if (this != &o) impl_ = std::make_unique<impl>(*o.impl_);
  return *this;
}
game& game::operator=(game&&) noexcept = default;
game::~game() = default;

bool is_supported_board(int rings) {
  return board::get(rings) != nullptr;
}

expected<game> game::from_zip(variant v, std::string_view zip, int rings) {
  auto p = parse_zip(zip, v, rings);
  if (!p) return fail(p.error());
  if (const int w = p->winner()) {
    return fail("the position is already decided: player " + std::to_string(w) + " has won");
  }
  auto i = std::make_unique<impl>(*p);
  i->start_zip = write_zip(*p);
  i->seen.push_back(i->pos.raw());
  i->play_forced_passes();
  return game(std::move(i));
}

expected<std::string> game::check_move(std::string_view text) const {
  if (impl_->result) return fail("the game is over");
  auto m = resolve_move(impl_->pos, text);
  if (!m) return fail(m.error());
  return m->zen(impl_->pos.geometry());
}

expected<move_report> game::play(std::string_view text) {
  if (impl_->result) return fail("the game is over");
  position& pos = impl_->pos;
  auto m = resolve_move(pos, text);
  if (!m) return fail(m.error());
  const board& b = pos.geometry();
  move_report report;
  report.text = m->zen(b);
  report.by = pos.side() + 1;
  if (m->kind() == move_kind::place && m->removed() != move::no_removal) {
    report.removed = b.name(m->removed());
  }
  const int me = pos.side();
  const auto before = pos.raw().caps[static_cast<std::size_t>(me)];
  position::undo u;
  pos.do_move(*m, u);
  const auto after = pos.raw().caps[static_cast<std::size_t>(me)];
  for (std::size_t c = 0; c < 3; ++c) report.captured.n[c] = std::max(0, after[c] - before[c]);
  for (bitboard iso = u.isolated; iso; iso &= iso - 1)
    report.isolated.push_back(b.name(lowest(iso)));
  impl_->history.push_back(report.text);
  impl_->history_by.push_back(report.by);
  impl_->passes_in_row = m->kind() == move_kind::pass ? impl_->passes_in_row + 1 : 0;
  impl_->settle();
  impl_->play_forced_passes();
  return report;
}

expected<game> game::create(std::string_view variant_name, int rings) {
  const auto v = parse_variant(variant_name);
  if (!v) {
    return fail("ZÈRTZ has no variant \"" + std::string(variant_name.substr(0, 32)) +
                "\"; choose standard, blitz or tournament");
  }
  if (rings == 0) rings = rules_of(*v).default_board;
  const board* b = board::get(rings);
  if (!b) {
    return fail("there is no " + std::to_string(rings) +
                "-ring board; boards have 37, 40, 43, 44, 48 or 61 rings");
  }
  auto i = std::make_unique<impl>(position(*b, *v));
  i->seen.push_back(i->pos.raw());
  return game(std::move(i));
}

std::string_view game::variant_name() const {
  return to_string(rules());
}

std::optional<game_outcome> game::outcome() const {
  return impl_->result;
}

std::string game::write_record(const record_tags& tags) const {
  return write_zen_record(*this, tags);
}

variant game::rules() const {
  return impl_->pos.rules();
}
int game::board_rings() const {
  return impl_->pos.geometry().rings();
}
int game::to_move() const {
  return impl_->pos.side() + 1;
}
int game::ply() const {
  return static_cast<int>(impl_->history.size());
}

std::vector<ring_view> game::rings() const {
  const position& p = impl_->pos;
  std::vector<ring_view> out;
  out.reserve(static_cast<std::size_t>(popcount(p.rings())));
  for (bitboard r = p.rings(); r; r &= r - 1) {
    const int c = lowest(r);
    ring_view v{p.geometry().name(c), std::nullopt};
    if (const int col = p.colour_at(c); col >= 0) v.occupant = static_cast<marble>(col);
    out.push_back(std::move(v));
  }
  return out;
}

marble_counts game::pool() const {
  marble_counts m;
  for (int c = 0; c < 3; ++c) m.n[static_cast<std::size_t>(c)] = impl_->pos.pool(c);
  return m;
}

marble_counts game::captured(int seat) const {
  marble_counts m;
  if (seat != 1 && seat != 2) return m;
  for (int c = 0; c < 3; ++c) m.n[static_cast<std::size_t>(c)] = impl_->pos.captured(seat - 1, c);
  return m;
}

bool game::must_capture() const {
  return !impl_->result && impl_->pos.any_jump();
}

std::vector<std::vector<std::string>> game::capture_chains() const {
  std::vector<std::vector<std::string>> out;
  if (!must_capture()) return out;
  const position& p = impl_->pos;
  const board& b = p.geometry();
  move_list legal;
  generate_moves(p, legal);
  for (const move& m : legal) {
    std::vector<std::string> cells{b.name(m.cell())};
    int at = m.cell();
    for (int i = 0; i < m.jumps(); ++i) {
      at = b.landing(at, m.direction(i));
      cells.push_back(b.name(at));
    }
    out.push_back(std::move(cells));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> game::removable() const {
  std::vector<std::string> out;
  if (impl_->result) return out;
  out.reserve(static_cast<std::size_t>(popcount(impl_->pos.free_rings())));
  for (bitboard f = impl_->pos.free_rings(); f; f &= f - 1) {
    out.push_back(impl_->pos.geometry().name(lowest(f)));
  }
  return out;
}

const std::vector<std::string>& game::history() const {
  return impl_->history;
}
std::vector<std::uint64_t> game::position_keys() const {
  std::vector<std::uint64_t> out;
  out.reserve(impl_->seen.size());
  for (const auto& s : impl_->seen) out.push_back(zobrist_key(s));
  return out;
}

const std::vector<int>& game::history_by() const {
  return impl_->history_by;
}

std::vector<std::string> game::legal_moves() const {
  std::vector<std::string> out;
  if (impl_->result) return out;
  move_list legal;
  generate_moves(impl_->pos, legal);
  out.reserve(static_cast<std::size_t>(legal.size()));
  for (const move& m : legal) out.push_back(m.zen(impl_->pos.geometry()));
  std::sort(out.begin(), out.end());
  return out;
}

std::string game::zip() const {
  return write_zip(impl_->pos);
}
std::optional<std::string> game::start_zip() const {
  return impl_->start_zip;
}

std::string_view to_string(variant v) {
  switch (v) {
    case variant::blitz:
      return "blitz";
    case variant::tournament:
      return "tournament";
    case variant::standard:
      break;
  }
  return "standard";
}

std::optional<variant> parse_variant(std::string_view s) {
  if (s == "standard") return variant::standard;
  if (s == "blitz") return variant::blitz;
  if (s == "tournament") return variant::tournament;
  return std::nullopt;
}

char to_char(marble m) {
  return "WGB"[static_cast<std::size_t>(m)];
}

}  // namespace ringside::zertz
