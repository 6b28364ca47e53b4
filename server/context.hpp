#pragma once
// What every session needs to reach: the shared parts of one server, owned by main.

#include <atomic>
#include <cstdint>
#include <memory>

#include "server/address_rate.hpp"
#include "server/client_limits.hpp"
#include "server/host_policy.hpp"
#include "server/identity_connections.hpp"
#include "server/options.hpp"
#include "server/origin_policy.hpp"
#include "server/security_headers.hpp"
#include "server/seek_lobby.hpp"

namespace ringside::server {

class cluster_relay;
class cluster_seeks;
class identity_registry;
class room_registry;
class metrics;
class session_registry;

struct context {
  const options& opts;
  room_registry& rooms;
  metrics& stats;
  session_registry& sessions;
  identity_registry& identities;
  // Open HTTP connections (before any upgrade). Shared: a session still queued when the
  // server exits is destroyed with the io_context, after this context is gone.
  std::shared_ptr<std::atomic<std::int64_t>> http_sessions =
      std::make_shared<std::atomic<std::int64_t>>(0);
  std::atomic<bool> stopping{false};
  // HTTP requests per client address, for --http-rate-limit.
  address_rate http_requests{};
  // Requests for the page's files per client address, for --static-rate-limit.
  address_rate static_requests{};
  // Connections, messages and new identities per client address and identity.
  client_limits clients{opts.clients};
  // Which connections speak for each identity, and from where.
  identity_connections speakers{};
  // Which pages' scripts may open a WebSocket (--allow-origin).
  origin_policy origins{opts.allowed_origins};
  // What every HTTP answer says to a browser (its Content-Security-Policy names the same
  // origins).
  security_headers browser_headers{opts.allowed_origins};
  // Which host names requests may address (--public-host).
  host_policy hosts{opts.public_hosts};
  // Quick pairing's open seeks (--seeks-per-player, --seeks-per-minute, --seeks-max).
  seek_lobby seeks{opts.seeks, stats};
  // In a cluster: forwards requests for other nodes' rooms to their owners (null otherwise).
  cluster_relay* relay = nullptr;
  // In a cluster: the open seeks of every node, in Redis (null otherwise).
  cluster_seeks* shared_seeks = nullptr;
};

}  // namespace ringside::server
