#pragma once
// rating_category: which rating a game counts for. One rating per game, variant and speed
// ("zertz/blitz/rapid"): ZÈRTZ's blitz VARIANT is a rule set, so no speed is called blitz.
// A clock's speed is the game length it leads to, as lichess classes chess clocks: initial
// time + increment x the moves one player typically makes in that variant (the engine's
// variant_offer says how many), so a clock means the same speed in a short game and a long one.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::rating {

enum class speed : std::uint8_t { bullet, quick, rapid, classical, correspondence };

// The wire and journal name of `s`: "bullet", "quick", "rapid", "classical", "correspondence".
std::string_view to_string(speed s);

// Estimated seconds of one player's time: below 3 minutes bullet, 8 quick, 25 rapid, then
// classical. A game without a clock is correspondence (nobody is timed).
struct timed_clock {
  std::int64_t initial_s = 0;
  std::int64_t increment_s = 0;
};
speed speed_of(const std::optional<timed_clock>& clock, int typical_moves);

// "game/variant/speed", e.g. "dvonn/standard/classical".
std::string category_name(std::string_view game, std::string_view variant, speed s);

}  // namespace ringside::rating
