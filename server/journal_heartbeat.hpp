#pragma once
// journal_heartbeat: writes "this run is alive now" to the journal every couple of seconds, so
// after a crash the next start knows when the server was last alive. A restart charges the
// player to move the thinking time up to that moment (restart_charge.hpp), not the downtime.

#include <boost/asio/io_context.hpp>
#include <cstdint>

#include "server/periodic_task.hpp"

namespace ringside::server {

class journal_writer;

class journal_heartbeat {
 public:
  // The run that started at `started_ms` (unix ms; journal::begin_run recorded it).
  journal_heartbeat(boost::asio::io_context& ioc, journal_writer& writer, std::int64_t started_ms,
                    double interval_s);

  // Beats every interval until stop(). Call before the io_context runs.
  void start();
  // Any thread.
  void stop();

 private:
  void beat();

  journal_writer& writer_;
  std::int64_t started_ms_;
  double interval_s_;
  periodic_task beats_;
};

}  // namespace ringside::server
