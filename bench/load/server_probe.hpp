#pragma once
// server_probe: reads the server's resident memory from /proc, so memory per connection is
// measured from outside the server, the way an operator sees it.

#include <cstdint>
#include <optional>

namespace ringside::load {

// The pid of the process that has a TCP socket listening on `port` (IPv4 or IPv6), found via
// /proc/net/tcp{,6} and /proc/*/fd; nothing when no such process is visible.
std::optional<int> find_listening_pid(std::uint16_t port);

// VmRSS of `pid` in KiB; nothing once the process is gone.
std::optional<long> read_rss_kib(int pid);

// How many file descriptors `pid` has open (one per connection, plus a few); nothing once
// the process is gone or its /proc/<pid>/fd is not readable.
std::optional<long> count_open_fds(int pid);

// The soft "Max open files" limit of `pid` (from /proc/<pid>/limits); nothing when unknown or
// unlimited.
std::optional<long> read_fd_limit(int pid);

// User plus system CPU time `pid` has used, in seconds; nothing once the process is gone. On a
// shared machine this, per move, is a figure that does not depend on what else runs.
std::optional<double> read_cpu_seconds(int pid);

}  // namespace ringside::load
