// Which finished games the journal keeps: games of at least keep_plies plies forever, shorter
// ones until retention_s after they finished; the time is given, never read.

#include <doctest/doctest.h>

#include <limits>

#include "server/finished_retention.hpp"

namespace ringside::server {
namespace {

constexpr std::int64_t day_ms = 24LL * 3600 * 1000;

TEST_CASE("a short game goes once its retention has passed; a long one never") {
  const finished_retention rule{30.0 * 24 * 3600, 20};
  const std::int64_t now = 1'800'000'000'000;
  CHECK(rule.prunes_any());
  CHECK(rule.finished_before_ms(now) == now - 30 * day_ms);
  CHECK(rule.plies_kept_from() == 20);
  CHECK(rule.prunes(now - 31 * day_ms, 0, now));
  CHECK(rule.prunes(now - 30 * day_ms - 1, 19, now));
  CHECK_FALSE(rule.prunes(now - 30 * day_ms, 19, now));  // exactly its time: not yet
  CHECK_FALSE(rule.prunes(now - 29 * day_ms, 1, now));
  CHECK_FALSE(rule.prunes(now - 3650 * day_ms, 20, now));
  CHECK_FALSE(rule.prunes(now - 3650 * day_ms, 300, now));
  // The same game, later: it goes when its time comes.
  const std::int64_t finished = now - 29 * day_ms;
  CHECK_FALSE(rule.prunes(finished, 5, now));
  CHECK(rule.prunes(finished, 5, now + 2 * day_ms));
}

TEST_CASE("retention 0 keeps every game; keep_plies 0 keeps none past its time") {
  const finished_retention forever{0, 20};
  const std::int64_t now = 1'800'000'000'000;
  CHECK_FALSE(forever.prunes_any());
  CHECK_FALSE(forever.prunes(0, 0, now));
  CHECK(forever.finished_before_ms(now) == std::numeric_limits<std::int64_t>::min());

  const finished_retention none_kept{3600, 0};
  CHECK(none_kept.plies_kept_from() == std::numeric_limits<std::int64_t>::max());
  CHECK(none_kept.prunes(now - 3'600'001, 100'000, now));
  CHECK_FALSE(none_kept.prunes(now - 3'599'999, 0, now));
}

}  // namespace
}  // namespace ringside::server
