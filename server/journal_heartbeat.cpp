#include "server/journal_heartbeat.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>

#include "common/unix_time.hpp"
#include "server/journal_writer.hpp"

namespace ringside::server {

journal_heartbeat::journal_heartbeat(boost::asio::io_context& ioc, journal_writer& writer,
                                     std::int64_t started_ms, double interval_s)
    : writer_(writer),
      started_ms_(started_ms),
      interval_s_(interval_s),
      timer_(boost::asio::make_strand(ioc)) {}

void journal_heartbeat::start() {
  if (interval_s_ > 0) beat_and_wait();
}

void journal_heartbeat::stop() {
  boost::asio::post(timer_.get_executor(), [this] {
    if (stopped_) return;
    stopped_ = true;
    timer_.cancel();
    // A clean stop is a last sign of life: the time thought until now is charged after it.
    if (interval_s_ > 0) {
      const auto started = started_ms_;
      const auto now = unix_ms_now();
      writer_.write([started, now](journal& j) { return j.heartbeat(started, now); },
                    timer_.get_executor(), {});
    }
  });
}

void journal_heartbeat::beat_and_wait() {
  if (stopped_) return;
  const auto started = started_ms_;
  const auto now = unix_ms_now();
  // Rides on the next group commit like any write; a failed one only makes the next restart
  // charge a little less.
  writer_.write([started, now](journal& j) { return j.heartbeat(started, now); },
                timer_.get_executor(), [](journal_status st) {
                  if (!st) spdlog::warn("journal heartbeat not recorded: {}", st.error());
                });
  timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(interval_s_)));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) beat_and_wait();
  });
}

}  // namespace ringside::server
