#pragma once
// Settings from the command line that sessions and rooms need at run time.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "server/account_settings.hpp"
#include "server/client_limits.hpp"
#include "server/cluster_settings.hpp"
#include "server/finished_retention.hpp"
#include "server/room_limits.hpp"
#include "server/seek_pool.hpp"

namespace ringside::server {

struct options {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8080;
  int threads = 1;
  std::string log_level = "info";
  std::size_t rate_limit = 40;                // messages per rate window per connection
  std::size_t flood_factor = 3;               // closed at rate_limit * flood_factor
  std::size_t max_frame = 16 * 1024;          // bytes per incoming message
  std::size_t max_queue_messages = 256;       // outgoing queue bound, messages
  std::size_t max_queue_bytes = 1024 * 1024;  // outgoing queue bound, bytes
  // The kernel's send buffer per WebSocket (Linux doubles it). Small enough that a backlog
  // waits in our queue, where a snapshot can replace it, rather than in the kernel.
  int socket_send_buffer = 64 * 1024;
  // A connection with this many patches of one room waiting gets one snapshot instead.
  std::size_t catch_up_after = 16;
  // A connection whose current write has not finished in this long does not read: dropped.
  double write_stall_s = 10;
  std::string data_dir = "data";  // where the journal (ringside.db) lives
  // A postgresql:// URL: the journal lives there instead of in data_dir (postgres_connection).
  std::string store;
  // PostgreSQL ends the session of a transaction of ours idle this long (this process paused),
  // freeing the rows it locked for the node taking its rooms over (0: the site's setting).
  double store_idle_transaction_timeout_ms = 5000;
  // --copy-store FROM TO: copy a SQLite data directory into an empty PostgreSQL store and exit.
  std::vector<std::string> copy_store;
  double abandon_after_s = 120;   // an untimed game's player offline this long loses
  int computer_threads = 1;       // worker threads for computer players' searches
  // Rated rooms change ratings only between accounts; until accounts exist, this makes every
  // person count as one (rating_eligibility.hpp).
  // Computer searches that may wait for a worker (0: no bound). Each room has at most one, and
  // the per-address caps hold one address to a few: the bound is for many addresses at once.
  std::size_t computer_queue = 32;
  room_limits rooms;              // chat budgets, waiting-room caps, list pages (room_limits.hpp)
  seek_caps seeks;                // open seeks per identity, per minute and in all (seek_pool.hpp)
  std::size_t http_rate_limit = 120;  // HTTP requests per address per 10 s (0: none)
  // Requests for the page's files per address per 10 s (0: none): apart from the above, as a
  // page load is 13 of them; enough for a class behind one address loading it at once.
  std::size_t static_rate_limit = 800;
  // A keep-alive HTTP connection is closed after the answer that ends its life (as nginx's
  // keepalive_time and keepalive_requests): the idle timeout alone never ends one that asks
  // for a file every 20 s. 0: no bound.
  double http_keepalive_time_s = 120;
  std::size_t http_keepalive_requests = 1000;
  client_limit_settings clients;  // per address and per identity (client_limits.hpp)
  // How often the journal is told this run is alive (0: never). A restart after a crash
  // charges the player to move the thinking time up to the last beat (restart_charge.hpp).
  double heartbeat_s = 2;
  // A write finding the journal idle commits on an io thread, skipping the two wake-ups of the
  // hand-off to the journal's thread, while the last commit took less than this (0: never).
  // A disk's fsync takes milliseconds and so goes to the thread; tmpfs commits take tens of µs.
  double journal_inline_commit_us = 250;
  // Identities holding no seat and not seen for this long are pruned (0: never). 30 days.
  double identity_ttl_s = 30.0 * 24 * 3600;
  // Short finished games go from the journal this long after they finished (finished_retention).
  finished_retention finished;
  // A WebSocket that has not said hello this long after the upgrade is closed (1008); its
  // answers to the keep-alive pings do not count.
  double hello_timeout_s = 10;
  // Web pages (besides the server's own) whose scripts may open a WebSocket; "*": any.
  std::vector<std::string> allowed_origins;
  // The host names this server answers to (--public-host); empty: any (host_policy).
  std::vector<std::string> public_hosts;
  // Accounts: the cost of a password hash, its threads, and the login limiter's policy.
  account_settings accounts;
  // Games in one page of /api/players/{name}: the most a request may ask for, and what it gets
  // when it names no limit (player_page).
  std::int64_t player_games_page = 200;
  std::int64_t player_games_default = 20;
  // One node of a cluster in Redis (--cluster and its companions); by default a single server.
  cluster_settings cluster;
};

}  // namespace ringside::server
