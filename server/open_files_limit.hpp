#pragma once
// The process's open-files limit (RLIMIT_NOFILE): every connection is one file descriptor,
// and distributions start processes with a soft limit (often 1024) far under the hard one.

#include <cstdint>
#include <string>

namespace ringside::server {

struct open_files {
  std::uint64_t before = 0;  // the soft limit the process started with
  std::uint64_t now = 0;     // the soft limit after raising it
  std::uint64_t hard = 0;    // the most it may be raised to
};

// Raises the soft limit to the hard one (as far as the kernel lets it) and says what it got.
open_files raise_open_files_limit();
// One sentence for the log: "open files: at most 20000 (raised from 1024; the hard limit)".
std::string describe(const open_files& limit);

}  // namespace ringside::server
