#include "server/abandon_watch.hpp"

namespace ringside::server {

abandon_watch::abandon_watch(const strand& s)
    : timers_{boost::asio::steady_timer(s), boost::asio::steady_timer(s)} {}

void abandon_watch::update(std::array<bool, 2> away, clock::duration grace,
                           const expiry& on_expiry) {
  for (std::size_t i = 0; i < 2; ++i) {
    if (!away[i]) {
      if (away_since_[i]) stop(i);
      continue;
    }
    if (away_since_[i]) continue;  // already counting
    away_since_[i] = clock::now();
    const auto ticket = ++tickets_[i];
    const int seat = static_cast<int>(i) + 1;
    timers_[i].expires_after(grace);
    timers_[i].async_wait([on_expiry, seat, ticket](boost::system::error_code ec) {
      if (!ec) on_expiry(seat, ticket);
    });
  }
}

bool abandon_watch::still_counting(int seat, std::uint64_t ticket) const {
  return tickets_[static_cast<std::size_t>(seat - 1)] == ticket;
}

bool abandon_watch::other_away_as_long(int seat) const {
  const auto& mine = away_since_[static_cast<std::size_t>(seat - 1)];
  const auto& other = away_since_[static_cast<std::size_t>(2 - seat)];
  return mine && other && *other <= *mine;
}

void abandon_watch::cancel() {
  for (std::size_t i = 0; i < 2; ++i) stop(i);
}

void abandon_watch::stop(std::size_t i) {
  away_since_[i].reset();
  ++tickets_[i];
  timers_[i].cancel();
}

}  // namespace ringside::server
