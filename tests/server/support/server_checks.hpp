#pragma once
// Checks on a running server from outside, as an operator would make them.

#include <cstdint>
#include <initializer_list>
#include <string>

#include "support/server_process.hpp"

namespace ringside::test {

// The value of the Prometheus counter or gauge `name` on /metrics (a test failure if absent).
std::int64_t metric(std::uint16_t port, const std::string& name);
// The sum of several of them read from one /metrics answer: a room that moves from one gauge to
// another between two separate reads would be counted in neither, or in both.
std::int64_t metrics_sum(std::uint16_t port, std::initializer_list<std::string> names);
// The server is still up and a fresh client can say hello and list rooms.
void check_server_fine(server_process& srv);

}  // namespace ringside::test
