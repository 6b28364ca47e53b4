#include "server/fault_log.hpp"

#include <spdlog/spdlog.h>

namespace ringside::server {

std::optional<std::string> fault_log::record(std::string_view where, std::string_view what,
                                             clock::time_point now) {
  count_.fetch_add(1);
  std::lock_guard lock(mutex_);
  if (last_logged_ && now - *last_logged_ < std::chrono::seconds(1)) {
    ++unlogged_;
    return std::nullopt;
  }
  std::string line = "handler failed in " + std::string(where) + ": " + std::string(what);
  if (unlogged_ > 0) {
    line += " (and " + std::to_string(unlogged_) + " more since the last such line)";
  }
  last_logged_ = now;
  unlogged_ = 0;
  return line;
}

void fault_log::report(std::string_view where, std::string_view what) {
  if (const auto line = record(where, what, clock::now())) spdlog::error("{}", *line);
}

void fault_log::report_current(std::string_view where) {
  report(where, current_exception_text());
}

std::string current_exception_text() {
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

}  // namespace ringside::server
