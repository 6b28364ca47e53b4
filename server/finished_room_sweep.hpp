#pragma once
// finished_room_sweep: prunes short finished games past --finished-retention-days
// (room_registry::sweep_finished_rooms, finished_retention) at start and then every hour, so the
// journal keeps the games people played, not every game anyone ever finished.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/finished_retention.hpp"

namespace ringside::server {

class room_registry;

class finished_room_sweep {
 public:
  finished_room_sweep(boost::asio::io_context& ioc, room_registry& rooms, finished_retention rule);

  // Sweeps now, then every hour until stop(). Call before the io_context runs.
  void start();
  // Any thread.
  void stop();

 private:
  void sweep_and_wait();

  room_registry& rooms_;
  finished_retention rule_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
};

}  // namespace ringside::server
