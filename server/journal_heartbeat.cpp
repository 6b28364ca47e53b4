#include "server/journal_heartbeat.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "common/unix_time.hpp"
#include "server/journal_writer.hpp"

namespace ringside::server {

namespace {
std::chrono::steady_clock::duration interval_of(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(s > 0 ? s : 1));
}
}  // namespace

journal_heartbeat::journal_heartbeat(boost::asio::io_context& ioc, journal_writer& writer,
                                     std::int64_t started_ms, double interval_s)
    : writer_(writer),
      started_ms_(started_ms),
      interval_s_(interval_s),
      beats_(ioc, interval_of(interval_s), [this] { beat(); }) {}

void journal_heartbeat::start() {
  if (interval_s_ > 0) beats_.start();
}

void journal_heartbeat::stop() {
  beats_.stop();
  // A clean stop is a last sign of life: the time thought until now is charged after it.
  if (interval_s_ > 0) boost::asio::post(beats_.executor(), [this] { beat(); });
}

void journal_heartbeat::beat() {
  const auto started = started_ms_;
  const auto now = unix_ms_now();
  // Rides on the next group commit like any write; a failed one only makes the next restart
  // charge a little less.
  writer_.write([started, now](journal& j) { return j.heartbeat(started, now); },
                beats_.executor(), [](journal_status st) {
                  if (!st) spdlog::warn("journal heartbeat not recorded: {}", st.error());
                });
}

}  // namespace ringside::server
