// abandon_watch keeps one grace per seat: it starts when the seat's player goes, keeps its
// deadline while they stay away, stops when they come back, and a grace that stopped never
// expires. Graces here are 0 (expired at once) or an hour (never reached): no test waits.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <vector>

#include "server/abandon_watch.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;

struct watched_room {
  boost::asio::io_context ioc;
  abandon_watch::strand strand{boost::asio::make_strand(ioc)};
  abandon_watch watch{strand};
  std::vector<std::pair<int, std::uint64_t>> expired;
  abandon_watch::expiry on_expiry = [this](int seat, std::uint64_t ticket) {
    expired.emplace_back(seat, ticket);
  };
};
}  // namespace

TEST_CASE("abandon_watch: a seat away past its grace expires, with a ticket still counting") {
  watched_room r;
  r.watch.update({false, true}, 0ms, r.on_expiry);
  r.ioc.run_for(5s);  // returns once the expired timer's handler ran: nothing else is pending
  REQUIRE(r.expired.size() == 1);
  CHECK(r.expired[0].first == 2);
  CHECK(r.watch.still_counting(2, r.expired[0].second));
  CHECK_FALSE(r.watch.still_counting(1, r.expired[0].second));
}

TEST_CASE("abandon_watch: a player back before the end stops the grace; it never expires") {
  watched_room r;
  r.watch.update({true, false}, 1h, r.on_expiry);
  r.watch.update({false, false}, 1h, r.on_expiry);
  r.ioc.run_for(5s);  // the cancelled timer's handler runs with operation_aborted
  CHECK(r.expired.empty());
  // Away again: a new grace with a new ticket.
  r.watch.update({true, false}, 0ms, r.on_expiry);
  r.ioc.restart();
  r.ioc.run_for(5s);
  REQUIRE(r.expired.size() == 1);
  CHECK(r.watch.still_counting(1, r.expired[0].second));
}

TEST_CASE("abandon_watch: a seat already counting keeps its deadline when told again") {
  watched_room r;
  r.watch.update({true, false}, 0ms, r.on_expiry);
  r.watch.update({true, false}, 1h, r.on_expiry);  // not restarted with the longer grace
  r.ioc.run_for(5s);
  REQUIRE(r.expired.size() == 1);
  CHECK(r.watch.still_counting(1, r.expired[0].second));
}

TEST_CASE("abandon_watch: a ticket from before a return is no longer counting") {
  watched_room r;
  r.watch.update({true, false}, 0ms, r.on_expiry);
  r.ioc.run_for(5s);
  REQUIRE(r.expired.size() == 1);
  const auto old_ticket = r.expired[0].second;
  // The player came back after the timer fired but before the room acted on it.
  r.watch.update({false, false}, 1h, r.on_expiry);
  CHECK_FALSE(r.watch.still_counting(1, old_ticket));
}

TEST_CASE("abandon_watch: whether the other seat has been away as long (then nobody wins)") {
  watched_room r;
  r.watch.update({false, true}, 1h, r.on_expiry);  // seat 2 went first
  r.watch.update({true, true}, 1h, r.on_expiry);   // then seat 1
  CHECK(r.watch.other_away_as_long(1));        // seat 2 has been away at least as long
  CHECK_FALSE(r.watch.other_away_as_long(2));  // seat 1 went later
  r.watch.update({true, false}, 1h, r.on_expiry);  // seat 2 is back
  CHECK_FALSE(r.watch.other_away_as_long(1));
  r.watch.cancel();
  CHECK_FALSE(r.watch.other_away_as_long(1));
  r.ioc.run_for(5s);
  CHECK(r.expired.empty());
}

}  // namespace ringside::server
