#pragma once
// What every session needs to reach: the shared parts of one server, owned by main.

#include <atomic>
#include <cstdint>

#include "server/options.hpp"

namespace ringside::server {

class lobby;
class metrics;
class session_registry;

struct context {
  const options& opts;
  lobby& rooms;
  metrics& stats;
  session_registry& sessions;
  std::atomic<std::int64_t> http_sessions{0};  // open HTTP connections (before any upgrade)
  std::atomic<bool> stopping{false};
};

}  // namespace ringside::server
