#pragma once
// A contract check for fuzz targets: on failure it names the broken promise and aborts, so
// libFuzzer records the input as a crash and the reproducer shows which promise broke.
// A macro, because clang 14 with libstdc++ 12 has no std::source_location.

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace ringside::fuzz {

// Aborts with `what` and the caller's file:line when `ok` is false.
inline void check_at(bool ok, std::string_view what, const char* file, int line) {
  if (ok) return;
  std::fprintf(stderr, "fuzz contract broken at %s:%d: %.*s\n", file, line,
               static_cast<int>(what.size()), what.data());
  std::abort();
}

}  // namespace ringside::fuzz

#define FUZZ_CHECK(ok, what) ::ringside::fuzz::check_at((ok), (what), __FILE__, __LINE__)
