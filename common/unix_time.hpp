#pragma once
// unix_time — wall-clock instants as milliseconds since 1970-01-01 UTC, as the journal and
// the protocol store them.

#include <chrono>
#include <cstdint>

namespace ringside {

inline std::int64_t unix_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

inline std::int64_t unix_ms_now() {
  return unix_ms(std::chrono::system_clock::now());
}

}  // namespace ringside
