#pragma once
// fault_log: what the server does when a handler throws. Whatever the input, a request or a
// message may only fail its own connection; the failure is counted on /metrics and logged, at
// most one line a second (a client that found a way to make a handler throw must not also
// flood the log), with how many went unlogged in between. Thread-safe.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::server {

class fault_log {
 public:
  using clock = std::chrono::steady_clock;

  // Counts one failure in `where` (e.g. "http request from 1.2.3.4") and returns the line to
  // log now, or nothing when a line was logged less than a second before `now`.
  std::optional<std::string> record(std::string_view where, std::string_view what,
                                    clock::time_point now);
  // record() at the current time, logging the line (spdlog, error level) when there is one.
  void report(std::string_view where, std::string_view what);
  // report() for the exception being handled (inside a catch block).
  void report_current(std::string_view where);

  std::uint64_t count() const { return count_.load(); }

 private:
  std::atomic<std::uint64_t> count_{0};
  std::mutex mutex_;
  std::optional<clock::time_point> last_logged_;
  std::uint64_t unlogged_ = 0;
};

// What the exception being handled says (its what(), or that it is not a std::exception).
std::string current_exception_text();

}  // namespace ringside::server
