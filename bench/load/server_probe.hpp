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

// User plus system CPU time `pid` has used, in seconds; nothing once the process is gone. On a
// shared machine this, per move, is a figure that does not depend on what else runs.
std::optional<double> read_cpu_seconds(int pid);

}  // namespace ringside::load
