#include "server/time_text.hpp"

#include <cstdio>
#include <ctime>

#include "common/unix_time.hpp"

namespace ringside::server {

std::string iso_utc_now() {
  return iso_utc(unix_ms_now());
}

std::string iso_utc(std::int64_t now_ms) {
  const auto ms = now_ms % 1000;
  const auto t = static_cast<std::time_t>(now_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

}  // namespace ringside::server
