// fuzz_zip: any bytes into game::from_zip under each variant. Beyond "no crash, no leak, no
// UB", an accepted position must write back as ZIP text that reads to the same position, and
// its legal moves must be accepted by check_move and play.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/zertz/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace ringside::zertz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (variant v : {variant::standard, variant::blitz, variant::tournament}) {
    auto g = game::from_zip(v, text);
    if (!g) {
      FUZZ_CHECK(!g.error().empty(), "a rejected ZIP comes with a reason");
      continue;
    }
    const std::string zip = g->zip();
    auto again = game::from_zip(v, zip);
    FUZZ_CHECK(again.has_value(), "zip() of an accepted position is accepted again");
    FUZZ_CHECK(again->zip() == zip, "zip() reads back to the same text");
    FUZZ_CHECK(again->board_rings() == g->board_rings(), "zip() keeps the board");
    FUZZ_CHECK(static_cast<int>(g->rings().size()) <= g->board_rings(),
               "no more rings than the board");
    FUZZ_CHECK(g->to_move() == 1 || g->to_move() == 2, "to_move is a seat");

    // Legal moves: sorted, and a few of them (spread over the list) check and play.
    const auto moves = g->legal_moves();
    FUZZ_CHECK(std::is_sorted(moves.begin(), moves.end()), "legal_moves() is sorted");
    if (g->outcome()) FUZZ_CHECK(moves.empty(), "a finished game has no legal moves");
    const std::size_t step = std::max<std::size_t>(1, moves.size() / 4);
    for (std::size_t i = 0; i < moves.size(); i += step) {
      auto canonical = g->check_move(moves[i]);
      FUZZ_CHECK(canonical.has_value(), "check_move accepts a legal move");
      FUZZ_CHECK(*canonical == moves[i], "legal_moves() lists canonical tokens");
      game copy = *g;
      auto report = copy.play(moves[i]);
      FUZZ_CHECK(report.has_value(), "play accepts a legal move");
      FUZZ_CHECK(report->text == moves[i], "play reports the canonical token");
      FUZZ_CHECK(copy.ply() > g->ply(), "play advances the ply");
    }
  }
  return 0;
}
