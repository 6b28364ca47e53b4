#include "engine/zertz/zip.hpp"

#include <array>
#include <vector>

namespace ringside::zertz {

namespace {

constexpr std::array<const char*, 3> colour_names{"white", "grey", "black"};
constexpr std::array<int, 6> board_sizes{37, 40, 43, 44, 48, 61};

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

std::vector<std::string_view> fields_of(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// "6/8/10" -> counts; each 0..99.
expected<std::array<int, 3>> parse_counts(std::string_view s, const char* what) {
  const auto parts = split(s, '/');
  if (parts.size() != 3) {
    return fail(std::string(what) + " must be three counts W/G/B, got '" + std::string(s) + "'");
  }
  std::array<int, 3> out{};
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string_view p = parts[i];
    if (p.empty() || p.size() > 2) {
      return fail(std::string(what) + ": '" + std::string(p) + "' is not a count");
    }
    int n = 0;
    for (char ch : p) {
      if (ch < '0' || ch > '9') {
        return fail(std::string(what) + ": '" + std::string(p) + "' is not a count");
      }
      n = n * 10 + (ch - '0');
    }
    out[i] = n;
  }
  return out;
}

expected<position> parse_layout(const std::vector<std::string_view>& cols, const board& b,
                                variant v) {
  position p(b, v);
  bitboard rings = 0;
  for (int x = 0; x < b.columns(); ++x) {
    const std::string_view col = cols[static_cast<std::size_t>(x)];
    const std::string cname(1, static_cast<char>('a' + x));
    int r = 0;
    std::size_t i = 0;
    while (i < col.size()) {
      const char ch = col[i];
      if (ch >= '0' && ch <= '9') {
        int n = 0;
        while (i < col.size() && col[i] >= '0' && col[i] <= '9' && n < 100) {
          n = n * 10 + (col[i] - '0');
          ++i;
        }
        if (n == 0) return fail("column " + cname + ": a gap of 0 rings");
        if (i == col.size())
          return fail("column " + cname + " ends with a gap; write nothing there");
        r += n;
        if (r > max_cells) return fail("column " + cname + ": the gaps run past the board");
        continue;
      }
      int colour = -1;
      switch (ch) {
        case 'o':
          break;
        case 'W':
          colour = 0;
          break;
        case 'G':
          colour = 1;
          break;
        case 'B':
          colour = 2;
          break;
        default:
          return fail("column " + cname + ": '" + std::string(1, ch) +
                      "' is not o, W, G, B or a digit");
      }
      const int cell = b.at_row(x, r);
      if (cell == no_cell) {
        return fail("column " + cname + " has no cell at position " + std::to_string(r + 1) +
                    " on the " + std::to_string(b.rings()) + "-ring board");
      }
      rings |= bit(cell);
      if (colour >= 0) p.set_marble(cell, colour);
      ++r;
      ++i;
    }
  }
  p.set_rings(rings);
  return p;
}

}  // namespace

expected<position> parse_zip(std::string_view text, variant v, int rings) {
  const auto fields = fields_of(text);
  if (fields.size() != 5) {
    return fail("a ZIP has five fields (layout pool captures1 captures2 side), got " +
                std::to_string(fields.size()));
  }
  const auto cols = split(fields[0], '/');
  std::vector<const board*> candidates;
  if (rings != 0) {
    const board* b = board::get(rings);
    if (!b) return fail("there is no " + std::to_string(rings) + "-ring board");
    if (static_cast<int>(cols.size()) != b->columns()) {
      return fail("the layout has " + std::to_string(cols.size()) + " columns; the " +
                  std::to_string(rings) + "-ring board has " + std::to_string(b->columns()));
    }
    candidates.push_back(b);
  } else {
    const board* own = board::get(rules_of(v).default_board);
    if (static_cast<int>(cols.size()) == own->columns()) candidates.push_back(own);
    for (int n : board_sizes) {
      const board* b = board::get(n);
      if (b != own && static_cast<int>(cols.size()) == b->columns()) candidates.push_back(b);
    }
    if (candidates.empty()) {
      return fail("the layout has " + std::to_string(cols.size()) +
                  " columns; boards have 7, 8 or 9");
    }
  }
  std::optional<expected<position>> first_error;
  const position* chosen = nullptr;
  std::optional<expected<position>> parsed;
  for (const board* b : candidates) {
    auto attempt = parse_layout(cols, *b, v);
    if (attempt) {
      parsed.emplace(std::move(attempt));
      chosen = &parsed->value();
      break;
    }
    if (!first_error) first_error.emplace(std::move(attempt));
  }
  if (!chosen) return fail(first_error->error());
  position p = *chosen;

  auto pool = parse_counts(fields[1], "the pool");
  if (!pool) return fail(pool.error());
  auto caps1 = parse_counts(fields[2], "player 1's captures");
  if (!caps1) return fail(caps1.error());
  auto caps2 = parse_counts(fields[3], "player 2's captures");
  if (!caps2) return fail(caps2.error());
  if (fields[4] != "1" && fields[4] != "2") {
    return fail("the side to move must be 1 or 2, got '" + std::string(fields[4]) + "'");
  }
  const rule_set& r = rules_of(v);
  for (int c = 0; c < 3; ++c) {
    const auto uc = static_cast<std::size_t>(c);
    const int total = popcount(p.marbles(c)) + (*pool)[uc] + (*caps1)[uc] + (*caps2)[uc];
    if (total != r.pool[uc]) {
      return fail("the position has " + std::to_string(total) + " " + colour_names[uc] +
                  " marbles in all; the " + std::string(to_string(v)) + " variant has " +
                  std::to_string(r.pool[uc]));
    }
    p.set_pool(c, (*pool)[uc]);
    p.set_captured(0, c, (*caps1)[uc]);
    p.set_captured(1, c, (*caps2)[uc]);
  }
  p.set_side(fields[4] == "1" ? 0 : 1);
  const bitboard full = p.full_groups();
  if (full) {
    return fail("the rings at " + p.geometry().name(lowest(full)) +
                " form a group with no vacant ring, which would have been claimed");
  }
  return p;
}

std::string write_zip(const position& p) {
  const board& b = p.geometry();
  std::string s;
  for (int x = 0; x < b.columns(); ++x) {
    if (x > 0) s += '/';
    const int top_row = b.column_base_row(x) + b.column_length(x) - 1;
    int last = -1;
    for (int r = 0; r <= top_row; ++r) {
      const int cell = b.at_row(x, r);
      if (cell != no_cell && (p.rings() & bit(cell))) last = r;
    }
    int gap = 0;
    for (int r = 0; r <= last; ++r) {
      const int cell = b.at_row(x, r);
      if (cell == no_cell || !(p.rings() & bit(cell))) {
        ++gap;
        continue;
      }
      if (gap > 0) s += std::to_string(gap);
      gap = 0;
      const int c = p.colour_at(cell);
      s += c < 0 ? 'o' : "WGB"[c];
    }
  }
  auto counts = [](int w, int g, int bl) {
    return std::to_string(w) + "/" + std::to_string(g) + "/" + std::to_string(bl);
  };
  s += ' ';
  s += counts(p.pool(0), p.pool(1), p.pool(2));
  for (int pl = 0; pl < 2; ++pl) {
    s += ' ';
    s += counts(p.captured(pl, 0), p.captured(pl, 1), p.captured(pl, 2));
  }
  s += p.side() == 0 ? " 1" : " 2";
  return s;
}

}  // namespace ringside::zertz
