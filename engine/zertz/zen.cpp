#include "engine/zertz/zen.hpp"

#include <algorithm>
#include <array>

#include "engine/zertz/movegen.hpp"

namespace ringside::zertz {

namespace {

constexpr std::array<const char*, 3> colour_names{"white", "grey", "black"};

int colour_of(char ch) {
  switch (ch) {
    case 'W':
      return 0;
    case 'G':
      return 1;
    case 'B':
      return 2;
    default:
      return -1;
  }
}

// Reads a cell name ("d4", "a10") at s[i]; returns it and advances i, or "" when none.
std::string read_cell(std::string_view s, std::size_t& i) {
  if (i >= s.size() || s[i] < 'a' || s[i] > 'z') return {};
  std::size_t j = i + 1;
  while (j < s.size() && s[j] >= '0' && s[j] <= '9' && j - i <= 2) ++j;
  if (j == i + 1) return {};
  std::string out(s.substr(i, j - i));
  i = j;
  return out;
}

std::string quoted(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '\'';
  out += s;
  out += '\'';
  return out;
}

failure bad(std::string_view text, const std::string& why) {
  return fail("cannot read " + quoted(text) + ": " + why);
}

// Checks that `name` is a ring on the board of `p`; returns its cell or a reason.
expected<int> ring_at(const position& p, const std::string& name) {
  const board& b = p.geometry();
  const int cell = b.find(name);
  if (cell == no_cell) {
    return fail(name + " is not a cell of the " + std::to_string(b.rings()) + "-ring board");
  }
  if (!(p.rings() & bit(cell))) return fail("there is no ring at " + name + " any more");
  return cell;
}

// The chains as the tokens a player types, marble colour first ("Bd1xd3"), as clients show them.
std::string list_chains(const position& p, const move_list& legal) {
  std::vector<std::string> names;
  for (const move& m : legal) names.push_back(m.zen(p.geometry()));
  std::sort(names.begin(), names.end());
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

std::string list_cells(const board& b, bitboard set) {
  std::string s;
  for (; set; set &= set - 1) s += (s.empty() ? "" : ", ") + b.name(lowest(set));
  return s;
}

expected<move> resolve_place(const position& p, const move_text& t) {
  const board& b = p.geometry();
  auto cell = ring_at(p, t.cells[0]);
  if (!cell) return fail(cell.error());
  if (!(p.vacant() & bit(*cell))) return fail(t.cells[0] + " is not vacant");
  const auto uc = static_cast<std::size_t>(t.colour);
  if (!(p.placeable_colours() & (1u << t.colour))) {
    if (p.pool_total() > 0)
      return fail(std::string("no ") + colour_names[uc] + " marble left to place");
    return fail(std::string("the pool is empty and you hold no captured ") + colour_names[uc] +
                " marble");
  }
  const bitboard free = p.free_rings() & ~bit(*cell);
  if (t.cells.size() == 1) {
    if (free) return fail("a free ring must be removed, one of: " + list_cells(b, free));
    return move::place(t.colour, *cell, move::no_removal);
  }
  auto removed = ring_at(p, t.cells[1]);
  if (!removed) return fail(removed.error());
  if (*removed == *cell) {
    return fail("ring " + t.cells[1] + " is not free: the marble was just placed on it");
  }
  if (!(free & bit(*removed))) return fail("ring " + t.cells[1] + " is not free");
  return move::place(t.colour, *cell, *removed);
}

expected<move> resolve_capture(const position& p, const move_text& t) {
  const board& b = p.geometry();
  auto start = ring_at(p, t.cells[0]);
  if (!start) return fail(start.error());
  const int jumper = p.colour_at(*start);
  if (jumper < 0) return fail(t.cells[0] + " holds no marble");
  if (t.colour >= 0 && t.colour != jumper) {
    return fail(t.cells[0] + " holds a " + colour_names[static_cast<std::size_t>(jumper)] +
                " marble, not a " + colour_names[static_cast<std::size_t>(t.colour)] + " one");
  }
  bitboard occ = p.occupied();
  bitboard jumped = 0;
  int at = *start;
  move m = move::capture(jumper, at);
  for (std::size_t i = 1; i < t.cells.size(); ++i) {
    const std::string& to_name = t.cells[i];
    const int to = b.find(to_name);
    if (to == no_cell) {
      return fail(to_name + " is not a cell of the " + std::to_string(b.rings()) + "-ring board");
    }
    int dir = -1;
    for (int d = 0; d < direction_count; ++d) {
      if (b.landing(at, d) == to) dir = d;
    }
    const std::string from_name = b.name(at);
    if (dir < 0)
      return fail(from_name + " cannot jump to " + to_name + ": not two steps in a line");
    const int over = b.neighbour(at, dir);
    if (jumped & bit(over)) return fail("the chain jumps over " + b.name(over) + " twice");
    if (!(p.rings() & bit(to))) return fail("there is no ring at " + to_name + " any more");
    if (occ & bit(to)) return fail(to_name + " is not vacant");
    if (!(occ & bit(over))) {
      return fail(from_name + "x" + to_name + " jumps over " + b.name(over) +
                  ", which holds no marble");
    }
    if (i - 1 < t.jumped.size()) {
      const int want = t.jumped[i - 1];
      const int have = p.colour_at(over);
      if (want != have) {
        return fail(b.name(over) + " holds a " + colour_names[static_cast<std::size_t>(have)] +
                    " marble, not a " + colour_names[static_cast<std::size_t>(want)] + " one");
      }
    }
    jumped |= bit(over);
    occ = (occ & ~bit(over) & ~bit(at)) | bit(to);
    at = to;
    m = m.with_jump(dir);
  }
  for (int d = 0; d < direction_count; ++d) {
    const int l = b.landing(at, d);
    if (l != no_cell && (occ & bit(b.neighbour(at, d))) && (p.rings() & bit(l)) &&
        !(occ & bit(l))) {
      return fail("the capture must continue from " + b.name(at));
    }
  }
  return m;
}

}  // namespace

std::string chain_text(const board& b, move m) {
  return m.zen(b).substr(1);
}

expected<move_text> read_move_text(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  if (text.empty()) return fail("the move is empty");
  if (text.size() > 200) return fail("the move text is too long");
  move_text t;
  if (text == "pass") {
    t.kind = move_kind::pass;
    return t;
  }
  std::size_t i = 0;
  if (text[0] == 'x') {  // GIPF capture: "x d1Gd3Wd5"
    t.kind = move_kind::capture;
    i = 1;
    while (i < text.size() && text[i] == ' ') ++i;
    std::string c = read_cell(text, i);
    if (c.empty()) return bad(text, "expected a cell name like d1 after x");
    t.cells.push_back(c);
    while (i < text.size()) {
      while (i < text.size() && text[i] == ' ') ++i;  // "x d1 G d3" reads as "x d1Gd3"
      if (i == text.size()) break;
      const int jumped = colour_of(text[i]);
      if (jumped < 0)
        return bad(text, "expected W, G or B (the jumped marble) at " + quoted(text.substr(i)));
      ++i;
      while (i < text.size() && text[i] == ' ') ++i;
      c = read_cell(text, i);
      if (c.empty()) return bad(text, "expected a landing cell after the jumped marble's colour");
      t.jumped.push_back(jumped);
      t.cells.push_back(c);
    }
    if (t.cells.size() < 2) return bad(text, "a capture needs at least one landing cell");
    if (t.cells.size() > static_cast<std::size_t>(move::max_jumps) + 1) {
      return bad(text, "too many jumps");
    }
    return t;
  }
  t.colour = colour_of(text[0]);
  if (t.colour < 0) return bad(text, "a move starts with W, G or B, x (GIPF capture) or is pass");
  i = 1;
  std::string c = read_cell(text, i);
  if (c.empty()) return bad(text, "expected a cell name like d4 after the colour");
  t.cells.push_back(c);
  if (i == text.size()) {
    t.kind = move_kind::place;
    return t;
  }
  if (text[i] == '-' || text[i] == ',') {
    t.kind = move_kind::place;
    ++i;
    c = read_cell(text, i);
    if (c.empty() || i != text.size())
      return bad(text, "expected one ring to remove after the placement");
    t.cells.push_back(c);
    return t;
  }
  t.kind = move_kind::capture;
  while (i < text.size()) {
    if (text[i] != 'x') return bad(text, "expected x before each landing cell");
    ++i;
    c = read_cell(text, i);
    if (c.empty()) return bad(text, "expected a landing cell after x");
    t.cells.push_back(c);
  }
  if (t.cells.size() > static_cast<std::size_t>(move::max_jumps) + 1)
    return bad(text, "too many jumps");
  return t;
}

expected<move> resolve_move(const position& p, std::string_view text) {
  auto t = read_move_text(text);
  if (!t) return fail(t.error());
  if (p.over()) return fail("the game is over");
  const bool jumps = p.any_jump();
  // A placement is checked directly: resolve_place checks all that makes one legal when no
  // capture is due (vacant cell, a colour to place, the removal of a free ring). Generating
  // every legal move (a thousand placements and more) only to find it there was a tenth of
  // the server's work per move; it is kept for passes, captures and error messages.
  if (t->kind == move_kind::place && !jumps && p.placeable_colours() != 0) {
    return resolve_place(p, *t);
  }
  move_list legal;
  generate_moves(p, legal);
  expected<move> m = fail("not a legal move");
  switch (t->kind) {
    case move_kind::pass:
      if (legal.size() == 1 && legal[0].kind() == move_kind::pass) return move::pass();
      if (jumps) return fail("a capture is compulsory: " + list_chains(p, legal));
      return fail("passing is allowed only when there is nothing to place");
    case move_kind::place:
      if (jumps) return fail("a capture is compulsory: " + list_chains(p, legal));
      if (p.placeable_colours() == 0)
        return fail("there is nothing to place: the only move is pass");
      m = resolve_place(p, *t);
      break;
    case move_kind::capture:
      m = resolve_capture(p, *t);
      break;
    case move_kind::none:
      break;
  }
  if (m && !legal.contains(*m)) return fail(m->zen(p.geometry()) + " is not a legal move");
  return m;
}

}  // namespace ringside::zertz
