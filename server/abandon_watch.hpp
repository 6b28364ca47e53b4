#pragma once
// abandon_watch: the grace each seat of a running untimed game has while its player is away.
// A seat's grace starts when its last connection goes and restarts when it comes back; the
// room decides what running out means. Used only on its room's strand.

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

namespace ringside::server {

class abandon_watch {
 public:
  using clock = std::chrono::steady_clock;
  using strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // Called on the strand when seat's grace runs out; `ticket` names that grace, for
  // still_counting once anything pending has run.
  using expiry = std::function<void(int seat, std::uint64_t ticket)>;

  explicit abandon_watch(const strand& s);

  // away[0], away[1]: whether seat 1, seat 2 should be counting now. A seat that starts
  // counting gets `grace`; one already counting keeps its deadline; one back stops.
  void update(std::array<bool, 2> away, clock::duration grace, const expiry& on_expiry);
  // Whether the grace `ticket` of `seat` is still the one running.
  bool still_counting(int seat, std::uint64_t ticket) const;
  // Whether the other seat has been away since no later than `seat` (a restart nobody came
  // back from): then nobody wins.
  bool other_away_as_long(int seat) const;
  // Stops both timers (the server is exiting).
  void cancel();

 private:
  void stop(std::size_t i);

  std::array<boost::asio::steady_timer, 2> timers_;
  std::array<std::uint64_t, 2> tickets_{};
  std::array<std::optional<clock::time_point>, 2> away_since_;  // counting seats only
};

}  // namespace ringside::server
