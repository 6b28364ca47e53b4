#pragma once
// Wall-clock times as the wire shows them.

#include <cstdint>
#include <string>

namespace ringside::server {

// Now, as ISO 8601 UTC with milliseconds: "2026-11-23T16:49:10.123Z".
std::string iso_utc_now();
// `unix_ms` in the same form.
std::string iso_utc(std::int64_t unix_ms);

}  // namespace ringside::server
