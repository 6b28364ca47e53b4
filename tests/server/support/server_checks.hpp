#pragma once
// Checks on a running server from outside, as an operator would make them.

#include <cstdint>
#include <string>

#include "support/server_process.hpp"

namespace ringside::test {

// The value of the Prometheus counter or gauge `name` on /metrics (a test failure if absent).
std::int64_t metric(std::uint16_t port, const std::string& name);
// The server is still up and a fresh client can say hello and list rooms.
void check_server_fine(server_process& srv);

}  // namespace ringside::test
