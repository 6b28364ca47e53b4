// fuzz_protocol_decode: any bytes as one text frame into protocol::decode. It is noexcept, so
// an escaping exception ends the process (a crash here); beyond that, an accepted message must
// hold only in-range values, as messages.hpp promises, and an error must carry a real code.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "protocol/wire/decode.hpp"
#include "protocol/wire/player_name.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace ringside::protocol;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const decode_result result = decode(text);
  if (const auto* err = std::get_if<decode_error>(&result)) {
    FUZZ_CHECK(err->code != error_code::invalid, "a decode error has a real code");
    FUZZ_CHECK(!err->message.empty(), "a decode error says why");
    return 0;
  }
  const auto& msg = std::get<client_message>(result);
  std::visit(
      [](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, hello>) {
          const auto n = count_code_points(m.name);
          FUZZ_CHECK(n >= 1 && n <= 24, "hello.name is 1-24 characters");
          // The name kept is one the rules take again as it is (NFKC does not change it twice).
          const auto again = player_name::read(m.name);
          FUZZ_CHECK(std::holds_alternative<player_name>(again) &&
                         std::get<player_name>(again).text() == m.name,
                     "hello.name is accepted again unchanged");
        } else if constexpr (std::is_same_v<T, create_room>) {
          FUZZ_CHECK(m.game.board >= 0 && m.game.board <= 1000, "create_room.board in range");
          FUZZ_CHECK(!m.game.game.empty() && !m.game.variant.empty(), "game and variant named");
          FUZZ_CHECK(m.seat != seat_choice::invalid, "create_room.seat is valid");
          if (m.clock && m.clock->days_per_move > 0) {
            // A correspondence clock: one of the offered day counts, its allowance in seconds.
            const auto d = m.clock->days_per_move;
            FUZZ_CHECK(d == 1 || d == 2 || d == 3 || d == 5 || d == 7 || d == 14,
                       "clock.days_per_move offered");
            FUZZ_CHECK(m.clock->initial_s == d * 86400 && m.clock->increment_s == 0,
                       "a correspondence clock's allowance");
          } else if (m.clock) {
            FUZZ_CHECK(m.clock->initial_s >= 1 && m.clock->initial_s <= 86400,
                       "clock.initial_s range");
            FUZZ_CHECK(m.clock->increment_s >= 0 && m.clock->increment_s <= 3600,
                       "clock.increment_s range");
          }
        } else if constexpr (std::is_same_v<T, join>) {
          FUZZ_CHECK(m.as != join_role::invalid, "join.as is valid");
        } else if constexpr (std::is_same_v<T, chat>) {
          const auto n = count_code_points(m.text);
          FUZZ_CHECK(n >= 1 && n <= 500, "chat.text is 1-500 characters");
          // No bidi embedding, override (U+202A-U+202E) or isolate (U+2066-U+2069) in UTF-8.
          for (std::size_t i = 0; i + 2 < m.text.size(); ++i) {
            const auto b1 = static_cast<unsigned char>(m.text[i + 1]);
            const auto b2 = static_cast<unsigned char>(m.text[i + 2]);
            const bool bidi = static_cast<unsigned char>(m.text[i]) == 0xE2 &&
                              ((b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) ||
                               (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9));
            FUZZ_CHECK(!bidi, "chat.text holds no bidi embedding, override or isolate");
          }
        } else if constexpr (std::is_same_v<T, seek>) {
          FUZZ_CHECK(!m.game.game.empty() && !m.game.variant.empty(), "seek names a game");
          if (m.range) {
            FUZZ_CHECK(m.range->min >= 0 && m.range->min <= m.range->max &&
                           m.range->max <= max_rating,
                       "seek.range is the right way round and in range");
          }
        }
      },
      msg);
  return 0;
}
