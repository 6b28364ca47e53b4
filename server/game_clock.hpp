#pragma once
// A two-player chess clock kept by the server. Pure bookkeeping: the room asks it what to show
// and when a flag falls, and arms its own timer from that.
//
// A player's clock starts with that player's first move, as on lichess: the first move of each
// seat is not charged (and earns no increment), so nobody loses time while the opponent is
// still sitting down. Once a seat has moved, its turns run as usual.
//
// Two kinds: a Fischer clock (initial time each, an increment after every move) and a
// correspondence clock, where every turn gets the same allowance whatever earlier ones took.

#include <array>
#include <chrono>
#include <cstdint>

namespace ringside::server {

class game_clock {
 public:
  using clock = std::chrono::steady_clock;

  // A Fischer clock.
  game_clock(std::int64_t initial_s, std::int64_t increment_s);
  // A correspondence clock: each turn must end within `per_move_s` of its start.
  static game_clock per_move(std::int64_t per_move_s);

  // It is `seat`'s turn from `now`; its time runs if it has made its first move.
  void start(int seat, clock::time_point now);
  // Whether `seat` has made its first move (a clock rebuilt from the journal, or after moves
  // were taken back).
  void set_started(int seat, bool started = true);
  // Whether `seat` has made its first move, so its time runs on its turns.
  bool started(int seat) const;
  // Charges `seat` for the time since its turn began up to `received` (when the move arrived),
  // adds the increment and gives the turn to `next` at `received`. A seat's first move is
  // free. Returns false, leaving the clock stopped at zero for `seat`, when the flag had
  // already fallen.
  bool charge_move(int seat, int next, clock::time_point received);
  // Stops the clock, charging whoever was running up to `now` (for the final state).
  void stop(clock::time_point now);
  // Stops the clock as it stands (the game ended for another reason than time).
  void halt() { to_move_ = 0; }
  // Sets `seat`'s remaining time, for a clock rebuilt from the journal (before start()).
  void set_remaining(int seat, std::int64_t ms);
  // Remaining time of `seat` (1 or 2) as of the last charge; what the state shows.
  std::int64_t remaining_ms(int seat) const;
  // Seat whose time is running: 0 when stopped or while the seat to move has not moved yet.
  int running() const { return to_move_ != 0 && started(to_move_) ? to_move_ : 0; }
  // How long the running seat has been thinking at `now` (0 when none runs): what a client
  // that joins mid-turn takes off the state's clock_ms to show the clock as it stands.
  std::int64_t elapsed_ms(clock::time_point now) const;
  // When the running seat's flag falls (meaningless when none runs).
  clock::time_point flag_time() const;
  bool correspondence() const { return per_move_ms_ > 0; }

 private:
  game_clock() = default;

  std::array<std::int64_t, 2> remaining_ms_{};
  std::int64_t increment_ms_ = 0;
  std::int64_t per_move_ms_ = 0;  // > 0: a correspondence clock
  std::array<bool, 2> started_{};
  int to_move_ = 0;
  clock::time_point turn_started_{};
};

}  // namespace ringside::server
