// fuzz_dvonn: any bytes as a DVONN position (game::from_position), as a move against fixed
// positions, and as a record (parse_record + replay). Beyond "no crash, no leak, no UB": an
// accepted position writes back as text that reads to itself and its legal moves check and
// play; a move check_move accepts is a legal token and play agrees; a record that replays
// survives write_record -> parse_record -> replay as the same game.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/dvonn/game.hpp"
#include "engine/dvonn/record.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace ringside::dvonn;

namespace {

// Positions a move text is tried against: the empty board, the spec's full board, and one
// where stacks can be cut off.
constexpr const char* fixed_positions[] = {
    "- 1 0",
    "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,i2:B,"
    "j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,f4:B,g4:W,"
    "h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W,k5:W 1 49",
    "a3:B,b3:W,c3:B,d3:W,e3:D,f3:D,g3:D 1 49",
};

void check_position(std::string_view text) {
  auto g = game::from_position(text);
  if (!g) {
    FUZZ_CHECK(!g.error().empty(), "a rejected position comes with a reason");
    return;
  }
  const std::string written = g->position_text();
  auto again = game::from_position(written);
  FUZZ_CHECK(again.has_value(), "position_text() of an accepted position is accepted again");
  FUZZ_CHECK(again->position_text() == written, "position_text() reads back to the same text");
  FUZZ_CHECK(g->to_move() == 1 || g->to_move() == 2, "to_move is a seat");
  int pieces = 0;
  for (const auto& s : g->stacks()) pieces += static_cast<int>(s.pieces.size());
  FUZZ_CHECK(pieces <= 49, "no more than 49 pieces on the board");
  const auto score = *g->score();
  FUZZ_CHECK(score[0] + score[1] <= pieces, "scores count pieces on the board");
  const auto moves = g->legal_moves();
  FUZZ_CHECK(std::is_sorted(moves.begin(), moves.end()), "legal_moves() is sorted");
  FUZZ_CHECK(g->outcome().has_value() == moves.empty(), "no legal move exactly when over");
  const std::size_t step = std::max<std::size_t>(1, moves.size() / 4);
  for (std::size_t i = 0; i < moves.size(); i += step) {
    auto canonical = g->check_move(moves[i]);
    FUZZ_CHECK(canonical.has_value() && *canonical == moves[i], "a legal token checks as itself");
    game copy = *g;
    auto report = copy.play(moves[i]);
    FUZZ_CHECK(report.has_value() && report->text == moves[i], "play accepts a legal move");
    FUZZ_CHECK(copy.ply() > g->ply(), "play advances the ply");
  }
}

void check_move(std::string_view text) {
  for (const char* start : fixed_positions) {
    auto g = game::from_position(start);
    FUZZ_CHECK(g.has_value(), "the fixed positions are valid");
    const std::string before = g->position_text();
    auto checked = g->check_move(text);
    auto played = g->play(text);
    FUZZ_CHECK(checked.has_value() == played.has_value(), "check_move and play agree");
    if (!played) {
      FUZZ_CHECK(!played.error().empty(), "a refused move comes with a reason");
      FUZZ_CHECK(g->position_text() == before && g->ply() == 0, "a refused move changes nothing");
      continue;
    }
    auto fresh = game::from_position(start);
    const auto legal = fresh->legal_moves();
    FUZZ_CHECK(std::find(legal.begin(), legal.end(), *checked) != legal.end(),
               "an accepted move is a legal token");
    FUZZ_CHECK(played->text == *checked, "play reports the canonical token");
  }
}

void check_record(std::string_view text) {
  auto rec = parse_record(text);
  if (!rec) {
    FUZZ_CHECK(!rec.error().empty(), "a rejected record comes with a reason");
    return;
  }
  auto g = replay(*rec);
  if (!g) {
    FUZZ_CHECK(!g.error().empty(), "a record that does not replay says why");
    return;
  }
  const std::string written = g->write_record(rec->tags);
  auto reread = parse_record(written);
  FUZZ_CHECK(reread.has_value(), "write_record's text parses");
  FUZZ_CHECK(reread->tags.player1 == rec->tags.player1 &&
                 reread->tags.player2 == rec->tags.player2 &&
                 reread->tags.event == rec->tags.event && reread->tags.date == rec->tags.date,
             "tags survive the round trip");
  auto again = replay(*reread);
  FUZZ_CHECK(again.has_value(), "write_record's text replays");
  FUZZ_CHECK(again->position_text() == g->position_text(), "the round trip keeps the position");
  FUZZ_CHECK(again->history() == g->history(), "the round trip keeps the history");
  FUZZ_CHECK(again->outcome() == g->outcome(), "the round trip keeps the result");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_position(text);
  if (size <= 16) check_move(text);
  check_record(text);
  return 0;
}
