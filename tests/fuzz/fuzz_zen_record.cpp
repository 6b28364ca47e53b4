// fuzz_zen_record: any bytes into parse_zen_record, then replay. A record that replays must
// survive write_zen_record -> parse_zen_record -> replay as the same game (game.hpp promises
// the round trip), and a record is never accepted with a move the engine refuses.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/zertz/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace ringside::zertz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto record = parse_zen_record(text);
  if (!record) {
    FUZZ_CHECK(!record.error().empty(), "a rejected record comes with a reason");
    return 0;
  }
  FUZZ_CHECK(record->result == "1-0" || record->result == "0-1" || record->result == "1/2-1/2" ||
                 record->result == "*",
             "the result is one of the four record results");
  auto g = replay(*record);
  if (!g) {
    FUZZ_CHECK(!g.error().empty(), "a record that does not replay says why");
    return 0;
  }
  FUZZ_CHECK(g->rules() == record->rules, "replay keeps the variant");
  FUZZ_CHECK(g->board_rings() == record->board, "replay keeps the board");

  const std::string written = write_zen_record(*g, record->tags);
  auto reread = parse_zen_record(written);
  FUZZ_CHECK(reread.has_value(), "write_zen_record's text parses");
  FUZZ_CHECK(reread->tags.player1 == record->tags.player1 &&
                 reread->tags.player2 == record->tags.player2 &&
                 reread->tags.event == record->tags.event && reread->tags.date == record->tags.date,
             "tags survive the round trip");
  auto again = replay(*reread);
  FUZZ_CHECK(again.has_value(), "write_zen_record's text replays");
  FUZZ_CHECK(again->zip() == g->zip(), "the round trip reaches the same position");
  FUZZ_CHECK(again->history() == g->history(), "the round trip keeps the move history");
  FUZZ_CHECK(again->outcome() == g->outcome(), "the round trip keeps the result");
  return 0;
}
