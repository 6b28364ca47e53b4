#pragma once
// A two-player chess clock kept by the server. Pure bookkeeping: the room asks it what to show
// and when a flag falls, and arms its own timer from that.

#include <array>
#include <chrono>
#include <cstdint>

namespace ringside::server {

class game_clock {
 public:
  using clock = std::chrono::steady_clock;

  game_clock(std::int64_t initial_s, std::int64_t increment_s);

  // Starts `seat`'s time running at `now`; both players begin with the initial time.
  void start(int seat, clock::time_point now);
  // Charges `seat` for the time since its turn began up to `received` (when the move arrived),
  // adds the increment and starts `next`'s time at `received`. Returns false, leaving the
  // clock stopped at zero for `seat`, when the flag had already fallen.
  bool charge_move(int seat, int next, clock::time_point received);
  // Stops the clock, charging whoever was running up to `now` (for the final state).
  void stop(clock::time_point now);
  // Stops the clock as it stands (the game ended for another reason than time).
  void halt() { running_ = 0; }
  // Sets `seat`'s remaining time, for a clock rebuilt from the journal (before start()).
  void set_remaining(int seat, std::int64_t ms);
  // Remaining time of `seat` (1 or 2) as of the last charge; what the state shows.
  std::int64_t remaining_ms(int seat) const;
  // Seat whose time is running, 0 when stopped.
  int running() const { return running_; }
  // How long the running seat has been thinking at `now` (0 when stopped): what a client that
  // joins mid-turn takes off the state's clock_ms to show the clock as it stands.
  std::int64_t elapsed_ms(clock::time_point now) const;
  // When the running seat's flag falls (meaningless when stopped).
  clock::time_point flag_time() const;

 private:
  std::array<std::int64_t, 2> remaining_ms_;
  std::int64_t increment_ms_;
  int running_ = 0;
  clock::time_point turn_started_{};
};

}  // namespace ringside::server
