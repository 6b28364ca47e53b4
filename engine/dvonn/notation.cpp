#include "engine/dvonn/notation.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "engine/dvonn/movegen.hpp"

namespace ringside::dvonn {

namespace {

char lower(char ch) {
  return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
}
char upper(char ch) {
  return ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch;
}

// Text from outside, safe to put into a message: at most 24 characters, printable ASCII.
std::string quoted(std::string_view s) {
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < 24; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    out += byte >= 0x20 && byte < 0x7f ? s[i] : '?';
  }
  if (s.size() > 24) out += "...";
  return out + "'";
}

std::string cell(square s) {
  return std::string(name_of(s));
}

// A two-character cell name: the cell, or why it is none.
expected<square> read_cell(std::string_view two) {
  const char letter = lower(two[0]);
  const char digit = two[1];
  if (letter < 'a' || letter > 'z' || digit < '0' || digit > '9') {
    return fail(quoted(two) + " is not a cell name like c3");
  }
  const square s = find_square(two);
  if (s == no_square) {
    return fail(std::string{letter, digit} + " is not on the DVONN board (columns a-k, rows 1-5)");
  }
  return s;
}

constexpr const char* move_help = "write c3 to place a piece, c3e3 to move a stack, or pass";

std::string seat_name(int side) {
  return "player " + std::to_string(side + 1);
}

// Why the stack move f->t is not legal in p (the moving phase). Precondition: it is not.
std::string why_not(const position& p, square f, square t) {
  const int h = p.height(f);
  if (h == 0) return cell(f) + " is empty";
  if (h == 1 && p.piece_at(f, 0) == piece::dvonn) return "a lone DVONN piece cannot move";
  if (!(p.owned(p.side()) & bit(f)))
    return cell(f) + " holds a stack of " + seat_name(p.side() ^ 1);
  if (surrounded(p.occupied()) & bit(f)) {
    return "the stack on " + cell(f) + " is surrounded on all six sides and cannot move";
  }
  const int dc = column_of(t) - column_of(f);
  const int dr = row_of(t) - row_of(f);
  if (dc != 0 && dr != 0 && dc != dr) {
    return cell(t) + " is not in a straight line from " + cell(f) +
           ": a stack moves along a row, a column or a diagonal";
  }
  const int distance = std::max(std::abs(dc), std::abs(dr));
  if (distance != h) {
    return "a stack of height " + std::to_string(h) + " moves exactly " + std::to_string(h) +
           (h == 1 ? " cell" : " cells");
  }
  if (!(p.occupied() & bit(t))) return cell(t) + " is empty: a stack must land on another stack";
  return cell(f) + cell(t) + " is not a legal move";  // not reached for a consistent position
}

}  // namespace

expected<move_text> read_move_text(std::string_view text) {
  if (text.empty()) return fail(std::string("an empty move: ") + move_help);
  std::string t;
  for (char ch : text.substr(0, 8)) t += lower(ch);
  if (t == "pass" && text.size() == 4) return move_text{move_kind::pass, no_square, no_square};
  const bool two_cells = text.size() == 4 || (text.size() == 5 && text[2] == '-');
  if (text.size() != 2 && !two_cells) {
    return fail(quoted(text) + " is not a DVONN move: " + move_help);
  }
  auto from = read_cell(text.substr(0, 2));
  if (!from) return fail(from.error());
  if (text.size() == 2) return move_text{move_kind::place, *from, no_square};
  auto to = read_cell(text.substr(text.size() - 2));
  if (!to) return fail(to.error());
  return move_text{move_kind::stack, *from, *to};
}

expected<move> resolve_move(const position& p, std::string_view text) {
  auto mt = read_move_text(text);
  if (!mt) return fail(mt.error());
  if (p.over()) return fail("the game is over");
  if (p.placing()) {
    if (mt->kind != move_kind::place) {
      return fail("it is the placing phase: place a piece on an empty cell");
    }
    if (p.occupied() & bit(mt->from)) {
      return fail(cell(mt->from) + " is occupied: place the piece on an empty cell");
    }
    return move::place(mt->from);
  }
  move_list legal;
  generate_moves(p, legal);
  switch (mt->kind) {
    case move_kind::place:
      if (legal.contains(move::pass()))
        return fail("all 49 pieces are placed and you have no move: pass");
      return fail("all 49 pieces are placed: move one of your stacks, e.g. " + legal[0].text());
    case move_kind::pass:
      if (legal.contains(move::pass())) return move::pass();
      return fail("you have a move, so you cannot pass");
    case move_kind::stack: {
      const move m = move::stack(mt->from, mt->to);
      if (legal.contains(m)) return m;
      return fail(why_not(p, mt->from, mt->to));
    }
    case move_kind::none:
      break;
  }
  return fail(std::string("not a move: ") + move_help);
}

std::string write_position(const position& p) {
  std::string s;
  for (bitboard o = p.occupied(); o; o &= o - 1) {
    const square c = lowest(o);
    if (!s.empty()) s += ',';
    s += name_of(c);
    s += ':';
    s += p.stack_text(c);
  }
  if (s.empty()) s += '-';  // (not s = "-": GCC 12 warns falsely, -Wrestrict)
  s += ' ';
  s += static_cast<char>('1' + p.side());
  s += ' ';
  s += std::to_string(p.placed());
  return s;
}

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t at = s.find(sep, from);
    out.push_back(
        s.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
    if (at == std::string_view::npos) return out;
    from = at + 1;
  }
}

// Reads the stacks field into p; returns the reason when it is malformed.
expected<bool> read_stacks(std::string_view field, position& p) {
  if (field == "-") return true;
  for (std::string_view entry : split(field, ',')) {
    if (entry.size() < 4 || entry[2] != ':') {
      return fail(quoted(entry) + " is not cell:stack (e.g. c3:BWD)");
    }
    auto s = read_cell(entry.substr(0, 2));
    if (!s) return fail(s.error());
    if (p.occupied() & bit(*s)) return fail(cell(*s) + " is written twice");
    const std::string_view pieces = entry.substr(3);
    if (pieces.size() > cell_count) {
      return fail("the stack on " + cell(*s) + " is taller than all 49 pieces together");
    }
    std::string stack;
    for (char ch : pieces) {
      const char c = upper(ch);
      if (c != 'W' && c != 'B' && c != 'D') {
        return fail(quoted(pieces) + " on " + cell(*s) +
                    " is not a stack: write its pieces bottom to top with W, B and D");
      }
      stack += c;
    }
    if (stack.size() > 1 && stack.back() == 'D') {
      return fail("the stack on " + cell(*s) +
                  " has a DVONN piece on top; only a lone DVONN piece is topped by one");
    }
    p.set_stack(*s, stack);
  }
  return true;
}

// The pieces on the board, by kind W, B, D.
std::array<int, 3> count_pieces(const position& p) {
  std::array<int, 3> n{};
  for (bitboard o = p.occupied(); o; o &= o - 1) {
    const square s = lowest(o);
    for (int i = 0; i < p.height(s); ++i) ++n[static_cast<std::size_t>(p.piece_at(s, i))];
  }
  return n;
}

expected<bool> check_placing(const position& p, int placed, int to_move) {
  const std::string with =
      "with " + std::to_string(placed) + (placed == 1 ? " piece placed" : " pieces placed");
  for (bitboard o = p.occupied(); o; o &= o - 1) {
    if (p.height(lowest(o)) > 1) {
      return fail("the stack on " + cell(lowest(o)) +
                  " cannot exist while placing: stacks form only once all 49 pieces are placed");
    }
  }
  std::array<int, 3> want{};
  for (int k = 0; k < placed; ++k) ++want[static_cast<std::size_t>(placement_piece(k))];
  const auto have = count_pieces(p);
  if (have != want) {
    auto text = [](const std::array<int, 3>& n) {
      return std::to_string(n[2]) + " DVONN, " + std::to_string(n[0]) + " white and " +
             std::to_string(n[1]) + " black";
    };
    return fail(with + " the board must hold " + text(want) + " pieces, not " + text(have));
  }
  const int placer = placing_side(placed) + 1;
  if (to_move != placer) {
    return fail(with + " player " + std::to_string(placer) + " places next, not player " +
                std::to_string(to_move));
  }
  return true;
}

expected<bool> check_moving(const position& p) {
  const auto have = count_pieces(p);
  if (have[2] != dvonn_pieces) {
    return fail("the board must hold all 3 DVONN pieces (they are never removed), not " +
                std::to_string(have[2]));
  }
  if (have[0] > pieces_per_colour || have[1] > pieces_per_colour) {
    return fail("each player has 23 pieces, but the board holds " + std::to_string(have[0]) +
                " white and " + std::to_string(have[1]) + " black");
  }
  const bitboard cut = p.occupied() & ~flood(p.dvonn_stacks(), p.occupied());
  if (cut) {
    return fail("the stack on " + cell(lowest(cut)) +
                " is cut off from every DVONN piece; it would have been removed");
  }
  return true;
}

}  // namespace

expected<position> parse_position(std::string_view text) {
  const auto fields = split(text, ' ');
  if (fields.size() != 3) {
    return fail(
        "a position is three fields separated by one space: <stacks> <to_move> <placed>, "
        "e.g. '- 1 0'");
  }
  if (fields[1] != "1" && fields[1] != "2") {
    return fail("to_move must be 1 or 2, not " + quoted(fields[1]));
  }
  const int to_move = fields[1][0] - '0';
  int placed = 0;
  const std::string_view digits = fields[2];
  bool number = !digits.empty() && digits.size() <= 2 && (digits.size() == 1 || digits[0] != '0');
  for (char ch : digits) {
    number = number && ch >= '0' && ch <= '9';
    if (number) placed = placed * 10 + (ch - '0');
  }
  if (!number || placed > cell_count) {
    return fail("placed must be a number from 0 to 49, not " + quoted(digits));
  }
  position p;
  if (auto ok = read_stacks(fields[0], p); !ok) return fail(ok.error());
  p.set_side(to_move - 1);
  p.set_placed(placed);
  auto ok = placed < cell_count ? check_placing(p, placed, to_move) : check_moving(p);
  if (!ok) return fail(ok.error());
  return p;
}

}  // namespace ringside::dvonn
