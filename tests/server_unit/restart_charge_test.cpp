// restart_charge_ms: what a restart takes off the mover's clock, from the journal's runs.
#include <doctest/doctest.h>

#include "server/restart_charge.hpp"

namespace ringside::server {

TEST_CASE("restart charge: the thinking time before the crash, not the downtime") {
  // Run 1 from 0 to its last heartbeat at 10 s; down until 60 s; run 2 beat last at 70 s.
  const std::vector<server_run> runs{{0, 10'000}, {60'000, 70'000}};
  // The turn began at 4 s: 6 s in run 1 and 10 s in run 2, restarted at 100 s.
  CHECK(restart_charge_ms(runs, 4'000, false, 100'000) == 16'000);
  // A turn that began after the last heartbeat (the move, then the crash): nothing.
  CHECK(restart_charge_ms(runs, 71'000, false, 100'000) == 0);
  // No runs recorded (a journal from before heartbeats): nothing.
  CHECK(restart_charge_ms({}, 4'000, false, 100'000) == 0);
}

TEST_CASE("restart charge: a correspondence turn counts every day since it began") {
  const std::vector<server_run> runs{{0, 10'000}};
  CHECK(restart_charge_ms(runs, 4'000, true, 100'000) == 96'000);
  CHECK(restart_charge_ms(runs, 200'000, true, 100'000) == 0);
}

}  // namespace ringside::server
