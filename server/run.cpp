#include "server/run.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/program_options.hpp>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <sched.h>

#include "protocol/wire/messages.hpp"
#include "server/client_address.hpp"
#include "server/cluster_node.hpp"
#include "server/cluster_relay.hpp"
#include "server/cluster_seeks.hpp"
#include "server/account_sync.hpp"
#include "server/computer_pool.hpp"
#include "server/context.hpp"
#include "server/identity_registry.hpp"
#include "server/password_hasher.hpp"
#include "server/journal.hpp"
#include "server/journal_heartbeat.hpp"
#include "common/unix_time.hpp"
#include "server/journal_writer.hpp"
#include "server/postgres_connection.hpp"
#include "server/store_copy.hpp"
#include "server/listener.hpp"
#include "server/room_registry.hpp"
#include "server/metrics.hpp"
#include "server/open_files_limit.hpp"
#include "server/host_policy.hpp"
#include "server/options.hpp"
#include "server/origin_policy.hpp"
#include "server/periodic_task.hpp"
#include "server/session_registry.hpp"
#include "server/static_files.hpp"
#include "server/tls_certificate.hpp"

namespace ringside::server {

namespace net = boost::asio;
namespace po = boost::program_options;

namespace {

constexpr auto shutdown_limit = std::chrono::seconds(3);
constexpr auto shutdown_poll = std::chrono::milliseconds(20);

// --tls-cert and --tls-key: only the start needs them.
struct tls_files {
  std::string cert;
  std::string key;
};

// The CPUs this process may run on: under taskset or a container's cpuset that is fewer than
// the machine has, and two I/O threads sharing one CPU only hand work to each other (a 50-game
// benchmark's move->ack p50 went 1.38 -> 0.79 ms with one thread on its one CPU).
int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// The Redis of --cluster (none without it). A password in the environment keeps it out of
// the process list; one in the URL wins.
std::optional<redis::redis_endpoint> cluster_redis(const std::string& url) {
  if (url.empty()) return std::nullopt;
  auto at = redis::redis_endpoint::parse(url);
  if (!at) return std::nullopt;
  if (const char* password = std::getenv("RINGSIDE_REDIS_PASSWORD");
      at->password.empty() && password != nullptr)
    at->password = password;
  return at;
}

// Fills `o` and `tls` from the command line; returns an exit code when the process should stop
// now.
std::optional<int> parse_flags(int argc, char** argv, options& o, tls_files& tls) {
  const int cores = usable_cpus();
  int port = o.port;
  std::string spectator_chat_mode(to_string(o.rooms.spectators));
  po::options_description desc("ringside-server: the Ringside game server\nOptions");
  desc.add_options()("help,h", "print this help and exit")(
      "host", po::value<std::string>(&o.host)->default_value(o.host), "address to listen on")(
      "port", po::value<int>(&port)->default_value(port), "port to listen on; 0 picks a free one")(
      "threads", po::value<int>(&o.threads)->default_value(cores),
      "I/O threads (default: the CPUs this process may run on)")(
      "log-level", po::value<std::string>(&o.log_level)->default_value(o.log_level),
      "trace, debug, info, warn, error, critical or off")(
      "rate-limit", po::value<std::size_t>(&o.rate_limit)->default_value(o.rate_limit),
      "messages a connection may send per 10 seconds")(
      "max-frame", po::value<std::size_t>(&o.max_frame)->default_value(o.max_frame),
      "bytes an incoming WebSocket message may have (1024 to 16 MiB); a longer one closes "
      "the connection with 1009")(
      "data", po::value<std::string>(&o.data_dir)->default_value(o.data_dir),
      "directory of the game journal (created if missing)")(
      "abandon-after", po::value<double>(&o.abandon_after_s)->default_value(o.abandon_after_s),
      "seconds a player of an untimed game may stay disconnected before losing")(
      "write-stall", po::value<double>(&o.write_stall_s)->default_value(o.write_stall_s),
      "seconds a connection may leave a frame unread before it is dropped as not reading")(
      "computer-threads", po::value<int>(&o.computer_threads)->default_value(o.computer_threads),
      "worker threads for computer opponents' searches (never the I/O threads); one more is "
      "kept for the cheap levels (1-2)")(
      "computer-queue", po::value<std::size_t>(&o.computer_queue)->default_value(o.computer_queue),
      "computer searches that may wait for a worker (0: no bound); when full, create_room "
      "against the computer is refused and a game's computer tries again a second later")(
      "computer-games-per-player",
      po::value<std::size_t>(&o.rooms.computer_games_per_player)
          ->default_value(o.rooms.computer_games_per_player),
      "unfinished games against the computer one player may have made (0: no cap)")(
      "computer-games-per-address",
      po::value<std::size_t>(&o.rooms.computer_games_per_address)
          ->default_value(o.rooms.computer_games_per_address),
      "unfinished games against the computer one client address may have made (0: no cap)")(
      "room-chat-limit",
      po::value<std::size_t>(&o.rooms.room_chat_limit)->default_value(o.rooms.room_chat_limit),
      "chat messages the spectators of one room may send together per 10 seconds (0: no limit)")(
      "chat-history",
      po::value<std::size_t>(&o.rooms.chat_history)->default_value(o.rooms.chat_history),
      "chat lines a room keeps and sends to whoever joins it later (0: none)")(
      "spectator-chat",
      po::value<std::string>(&spectator_chat_mode)->default_value(spectator_chat_mode),
      "on, slow (one message per spectator per 10 seconds) or off")(
      "waiting-rooms-per-player",
      po::value<std::size_t>(&o.rooms.waiting_rooms_per_player)
          ->default_value(o.rooms.waiting_rooms_per_player),
      "rooms waiting for an opponent one player may have made (0: no cap)")(
      "waiting-rooms-per-address",
      po::value<std::size_t>(&o.rooms.waiting_rooms_per_address)
          ->default_value(o.rooms.waiting_rooms_per_address),
      "rooms waiting for an opponent one client address may have made (0: no cap)")(
      "seeks-per-player",
      po::value<std::size_t>(&o.seeks.per_player)->default_value(o.seeks.per_player),
      "quick-pairing seeks one identity may have open at once (0: no cap)")(
      "seeks-per-minute",
      po::value<std::size_t>(&o.seeks.per_minute)->default_value(o.seeks.per_minute),
      "quick-pairing seeks one identity may make in a minute (0: no cap)")(
      "seeks-max",
      po::value<std::size_t>(&o.seeks.total)->default_value(o.seeks.total),
      "quick-pairing seeks open in the whole server (0: no cap)")(
      "seats-per-player",
      po::value<std::size_t>(&o.rooms.seats_per_player)->default_value(o.rooms.seats_per_player),
      "seats in unfinished games one identity may hold (0: no cap; a reconnect gets them all "
      "back at once, so keep it well under 256)")(
      "room-list-page",
      po::value<std::size_t>(&o.rooms.room_page)->default_value(o.rooms.room_page),
      "rooms in one page of list_rooms and /api/rooms (the most a request may ask for)")(
      "player-games-page",
      po::value<std::int64_t>(&o.player_games_page)->default_value(o.player_games_page),
      "games in one page of /api/players/{name} (the most a request may ask for; 1-200)")(
      "http-rate-limit",
      po::value<std::size_t>(&o.http_rate_limit)->default_value(o.http_rate_limit),
      "HTTP requests one address may make per 10 seconds, /healthz, /metrics and the page's "
      "files aside (0: no limit)")(
      "static-rate-limit",
      po::value<std::size_t>(&o.static_rate_limit)->default_value(o.static_rate_limit),
      "requests for the page's files (13 a page load) one address may make per 10 seconds "
      "(0: no limit)")(
      "http-keepalive-time",
      po::value<double>(&o.http_keepalive_time_s)->default_value(o.http_keepalive_time_s),
      "seconds after which a keep-alive HTTP connection is closed after its next answer, "
      "however busy (0: no bound)")(
      "http-keepalive-requests",
      po::value<std::size_t>(&o.http_keepalive_requests)->default_value(o.http_keepalive_requests),
      "requests after which a keep-alive HTTP connection is closed (0: no bound)");
  // Per client address and per identity, so many connections are one client; 0 turns one off.
  auto& clients = o.clients;
  desc.add_options()("connections-per-address",
                     po::value<std::size_t>(&clients.connections_per_address)
                         ->default_value(clients.connections_per_address),
                     "WebSocket connections one client address may have open (0: no cap)")(
      "tcp-connections-per-address",
      po::value<std::size_t>(&clients.tcp_connections_per_address)
          ->default_value(clients.tcp_connections_per_address),
      "connections of any kind (HTTP, TLS, WebSocket) one peer address may have open, counted "
      "from accept; more are closed at once (0: no cap; --trust-proxy's addresses: none)")(
      "tls-handshakes-per-address",
      po::value<std::size_t>(&clients.tls_handshakes_per_address)
          ->default_value(clients.tls_handshakes_per_address),
      "TLS handshakes one peer address may begin per 10 seconds; more connections are closed "
      "before theirs (0: no limit)")(
      "connections-per-identity",
      po::value<std::size_t>(&clients.connections_per_identity)
          ->default_value(clients.connections_per_identity),
      "connections one identity (token) may speak on at once (0: no cap)")(
      "address-rate-limit",
      po::value<std::size_t>(&clients.address_rate_limit)
          ->default_value(clients.address_rate_limit),
      "messages one address may send per 10 seconds over all its connections (0: no limit)")(
      "identities-per-address",
      po::value<std::size_t>(&clients.identities_per_address)
          ->default_value(clients.identities_per_address),
      "new identities (hello without a token) one address may make per minute (0: no limit)")(
      "flood-cooldown",
      po::value<double>(&clients.flood_cooldown_s)->default_value(clients.flood_cooldown_s),
      "seconds an address whose connection was closed for flooding may not connect (0: none)")(
      "trust-proxy", po::value<std::vector<std::string>>(&clients.trusted_proxies),
      "a reverse proxy's address (repeatable): requests from it are counted by the last "
      "X-Forwarded-For entry (and whose X-Forwarded-Host names the page's host)")(
      "ipv6-prefix",
      po::value<unsigned>(&clients.ipv6_prefix)->default_value(clients.ipv6_prefix),
      "leading bits of an IPv6 client's address that the per-address limits count it by (one "
      "subscriber usually holds a /64; 128: each address apart)");
  desc.add_options()(
      "allow-origin", po::value<std::vector<std::string>>(&o.allowed_origins),
      "a web page's origin (repeatable, e.g. https://play.example.org; '*' for any) whose "
      "scripts may open a WebSocket here besides the server's own page; requests without "
      "Origin (the terminal client, bots) are always let in");
  desc.add_options()(
      "public-host", po::value<std::vector<std::string>>(&o.public_hosts),
      "a host name this server is reached by (repeatable; play.example.org for any port, "
      "play.example.org:8443 for one): requests naming another host in Host (or a trusted "
      "proxy's X-Forwarded-Host) are refused 421, so a page on a name pointed at this server "
      "(DNS rebinding) cannot use it; IP addresses and localhost are always answered");
  desc.add_options()(
      "first-move-abort",
      po::value<double>(&o.rooms.first_move_abort_s)->default_value(o.rooms.first_move_abort_s),
      "seconds a timed game's player may take over a first move (whose clock does not run yet) "
      "before the game is aborted, nobody winning (0: never)");
  desc.add_options()(
      "heartbeat-interval", po::value<double>(&o.heartbeat_s)->default_value(o.heartbeat_s),
      "seconds between the journal's notes that the server is alive; after a crash the player "
      "to move is charged the thinking time up to the last note (0: none; the crash's thinking "
      "time is then charged to nobody)");
  desc.add_options()(
      "journal-inline-commit-us",
      po::value<double>(&o.journal_inline_commit_us)->default_value(o.journal_inline_commit_us),
      "a journal write that finds the journal idle is committed on the I/O thread, at the end "
      "of its I/O turn, instead of by the journal's thread, while the last commit took less "
      "than this many microseconds (0: always on the journal's thread)");
  desc.add_options()(
      "identity-ttl", po::value<double>(&o.identity_ttl_s)->default_value(o.identity_ttl_s),
      "seconds after which an identity not seen since, and holding no seat in an unfinished "
      "game, is deleted (its token stops working); swept at start and hourly (0: never)");
  double retention_days = o.finished.retention_s / 86400;
  desc.add_options()(
      "finished-retention-days", po::value<double>(&retention_days)->default_value(30),
      "days after which a finished game shorter than --finished-keep-plies is deleted from the "
      "journal (its record and replay go); swept at start and hourly (0: keep every game)")(
      "finished-keep-plies",
      po::value<std::int64_t>(&o.finished.keep_plies)->default_value(o.finished.keep_plies),
      "a finished game of at least this many plies is kept forever (0: none is)")(
      "rooms-per-address-per-day",
      po::value<std::size_t>(&o.rooms.rooms_per_address_per_day)
          ->default_value(o.rooms.rooms_per_address_per_day),
      "rooms one client address may create in 24 hours, computer games included (0: no cap)");
  desc.add_options()(
      "hello-timeout", po::value<double>(&o.hello_timeout_s)->default_value(o.hello_timeout_s),
      "seconds a WebSocket connection may stay open without saying hello (0: no limit)");
  auto& cluster = o.cluster;
  desc.add_options()(
      "cluster", po::value<std::string>(&cluster.redis_url),
      "redis://[[user]:password@]host:port: run as one node of a cluster in that Redis (room "
      "leases, the node registry, room channels; docs/cluster.md); the password may come from "
      "RINGSIDE_REDIS_PASSWORD instead; default: a single server")(
      "cluster-node-id", po::value<std::string>(&cluster.node_id),
      "this node's name in the cluster (letters, digits, - _ .; default: made up at start)")(
      "cluster-address", po::value<std::string>(&cluster.address),
      "host:port other nodes and the proxy reach this node at (default: the address bound)")(
      "lease-ttl", po::value<double>(&cluster.lease_ttl_s)->default_value(cluster.lease_ttl_s),
      "seconds a room's lease lives unrenewed: how long a dead node's rooms wait for another "
      "node (0.5-60)")(
      "node-ttl", po::value<double>(&cluster.node_ttl_s)->default_value(cluster.node_ttl_s),
      "seconds a node's heartbeat lives: how soon a dead node is noticed (0.5-60)")(
      "forward-timeout",
      po::value<double>(&cluster.forward_timeout_s)->default_value(cluster.forward_timeout_s),
      "seconds a request forwarded to the node owning its room may go unanswered before the "
      "client gets room_unavailable (0.1-60)")(
      "placement-load-margin",
      po::value<double>(&cluster.placement_load_margin)
          ->default_value(cluster.placement_load_margin),
      "load average per core by which a node must exceed the least loaded one before new rooms "
      "pass it over; below it, the node with the fewest rooms, then connections, gets them "
      "(0-64)");
  auto& accounts = o.accounts;
  desc.add_options()(
      "password-opslimit",
      po::value<unsigned long long>(&accounts.cost.opslimit)->default_value(accounts.cost.opslimit),
      "Argon2id passes per password hash (libsodium's opslimit; INTERACTIVE is 2, MIN 1)")(
      "password-memlimit",
      po::value<std::size_t>(&accounts.cost.memlimit)->default_value(accounts.cost.memlimit),
      "bytes of memory per password hash (libsodium's memlimit; INTERACTIVE is 64 MiB, MIN "
      "8192)")(
      "password-threads",
      po::value<std::size_t>(&accounts.hash_threads)->default_value(accounts.hash_threads),
      "threads that hash and check passwords, apart from the I/O threads (1-16)")(
      "login-free-failures",
      po::value<std::size_t>(&accounts.logins.free_failures)
          ->default_value(accounts.logins.free_failures),
      "wrong passwords per account, and per address, answered without delay")(
      "login-delay",
      po::value<double>(&accounts.logins.first_delay_s)
          ->default_value(accounts.logins.first_delay_s),
      "seconds the next login attempt waits after those free failures, doubling with each "
      "further failure")(
      "login-max-delay",
      po::value<double>(&accounts.logins.max_delay_s)->default_value(accounts.logins.max_delay_s),
      "the most seconds one failure adds to the wait")(
      "login-max-wait",
      po::value<double>(&accounts.logins.max_wait_s)->default_value(accounts.logins.max_wait_s),
      "a login attempt that would wait longer than this (seconds) is refused (login_limited)")(
      "login-forget",
      po::value<double>(&accounts.logins.forget_after_s)
          ->default_value(accounts.logins.forget_after_s),
      "seconds after which a wrong password no longer counts");
  desc.add_options()("store", po::value<std::string>(&o.store),
                     "postgresql://user@host:port/db: keep the journal in PostgreSQL instead of "
                     "in --data (SQLite)");
  desc.add_options()(
      "store-idle-transaction-timeout-ms",
      po::value<double>(&o.store_idle_transaction_timeout_ms)
          ->default_value(o.store_idle_transaction_timeout_ms),
      "with --store: PostgreSQL ends the server's session when one of its transactions waits "
      "this many milliseconds for its next statement (the server paused), so the rows it "
      "locked do not hold up another node taking its rooms over (0: PostgreSQL's own setting)");
  desc.add_options()("copy-store", po::value<std::vector<std::string>>(&o.copy_store)->multitoken(),
                     "FROM TO: copy the SQLite journal in directory FROM into the empty "
                     "PostgreSQL store at URL TO, print what was copied, and exit");
  desc.add_options()("tls-cert", po::value<std::string>(&tls.cert),
                     "PEM certificate chain: serve https:// and wss:// (TLS 1.2+) instead of "
                     "http:// and ws://; SIGHUP reads it and the key again");
  desc.add_options()("tls-key", po::value<std::string>(&tls.key),
                     "the certificate's PEM private key (unencrypted)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ringside-server: " << e.what() << "\n" << desc << "\n";
    return 1;
  }
  if (vm.count("help") != 0) {
    std::cout << desc << "\n";
    return 0;
  }
  if (port < 0 || port > 65535 || o.threads < 1 || o.threads > 256 || o.rate_limit < 1) {
    std::cerr << "ringside-server: --port must be 0-65535, --threads 1-256, --rate-limit >= 1\n";
    return 1;
  }
  if (o.computer_threads < 1 || o.computer_threads > 256) {
    std::cerr << "ringside-server: --computer-threads must be 1-256\n";
    return 1;
  }
  if (!(o.write_stall_s > 0 && o.write_stall_s <= 3600)) {
    std::cerr << "ringside-server: --write-stall must be more than 0 and at most 3600\n";
    return 1;
  }
  if (o.max_frame < 1024 || o.max_frame > 16 * 1024 * 1024) {
    std::cerr << "ringside-server: --max-frame must be 1024-16777216\n";
    return 1;
  }
  if (!(o.hello_timeout_s >= 0 && o.hello_timeout_s <= 3600)) {
    std::cerr << "ringside-server: --hello-timeout must be 0-3600\n";
    return 1;
  }
  if (!(o.abandon_after_s > 0 && o.abandon_after_s <= 1e6)) {
    std::cerr << "ringside-server: --abandon-after must be more than 0 and at most 1000000\n";
    return 1;
  }
  if (o.rooms.room_page < 1 || o.rooms.room_page > protocol::max_room_page) {
    std::cerr << "ringside-server: --room-list-page must be 1-" << protocol::max_room_page << "\n";
    return 1;
  }
  if (o.player_games_page < 1 || o.player_games_page > 200) {
    std::cerr << "ringside-server: --player-games-page must be 1-200\n";
    return 1;
  }
  o.player_games_default = std::min<std::int64_t>(o.player_games_default, o.player_games_page);
  if (const auto mode = parse_spectator_chat(spectator_chat_mode)) {
    o.rooms.spectators = *mode;
  } else {
    std::cerr << "ringside-server: --spectator-chat must be on, slow or off\n";
    return 1;
  }
  if (!(retention_days >= 0 && retention_days <= 100000) || o.finished.keep_plies < 0) {
    std::cerr << "ringside-server: --finished-retention-days must be 0-100000 and "
                 "--finished-keep-plies 0 or more\n";
    return 1;
  }
  o.finished.retention_s = retention_days * 86400;
  if (!(o.rooms.first_move_abort_s >= 0 && o.rooms.first_move_abort_s <= 30 * 86400)) {
    std::cerr << "ringside-server: --first-move-abort must be 0-2592000 seconds\n";
    return 1;
  }
  if (!(o.heartbeat_s >= 0 && o.heartbeat_s <= 3600)) {
    std::cerr << "ringside-server: --heartbeat-interval must be 0-3600 seconds\n";
    return 1;
  }
  if (!(o.store_idle_transaction_timeout_ms >= 0 && o.store_idle_transaction_timeout_ms <= 3.6e6)) {
    std::cerr << "ringside-server: --store-idle-transaction-timeout-ms must be 0-3600000\n";
    return 1;
  }
  if (!(o.journal_inline_commit_us >= 0 && o.journal_inline_commit_us <= 1e6)) {
    std::cerr << "ringside-server: --journal-inline-commit-us must be 0-1000000\n";
    return 1;
  }
  if (!(o.identity_ttl_s >= 0 && o.identity_ttl_s <= 1e10)) {
    std::cerr << "ringside-server: --identity-ttl must be 0 or more seconds\n";
    return 1;
  }
  if (!(o.http_keepalive_time_s >= 0 && o.http_keepalive_time_s <= 86400)) {
    std::cerr << "ringside-server: --http-keepalive-time must be 0-86400\n";
    return 1;
  }
  if (!(clients.flood_cooldown_s >= 0 && clients.flood_cooldown_s <= 86400)) {
    std::cerr << "ringside-server: --flood-cooldown must be 0-86400\n";
    return 1;
  }
  if (clients.ipv6_prefix < 1 || clients.ipv6_prefix > 128) {
    std::cerr << "ringside-server: --ipv6-prefix must be 1-128\n";
    return 1;
  }
  for (auto& proxy : clients.trusted_proxies) {
    boost::system::error_code bad;
    const auto a = net::ip::make_address(proxy, bad);
    if (bad) {
      std::cerr << "ringside-server: --trust-proxy '" << proxy << "' is not an IP address\n";
      return 1;
    }
    proxy = address_text(a);  // as the peer's address is written, to compare
  }
  for (const auto& origin : o.allowed_origins) {
    if (const auto why = origin_policy::check(origin); !why.empty()) {
      std::cerr << "ringside-server: --allow-origin '" << origin << "': " << why << "\n";
      return 1;
    }
  }
  for (const auto& host : o.public_hosts) {
    if (const auto why = host_policy::check(host); !why.empty()) {
      std::cerr << "ringside-server: --public-host '" << host << "': " << why << "\n";
      return 1;
    }
  }
  if (const auto why = password_hasher::check(accounts.cost); !why.empty()) {
    std::cerr << "ringside-server: --password-opslimit/--password-memlimit: " << why << "\n";
    return 1;
  }
  if (accounts.hash_threads < 1 || accounts.hash_threads > 16) {
    std::cerr << "ringside-server: --password-threads must be 1-16\n";
    return 1;
  }
  {
    const auto& l = accounts.logins;
    const auto in = [](double v, double lo) { return v >= lo && v <= 86400; };
    if (!in(l.first_delay_s, 0) || !in(l.max_delay_s, 0) || !in(l.max_wait_s, 0) ||
        !in(l.forget_after_s, 1)) {
      std::cerr << "ringside-server: --login-delay, --login-max-delay and --login-max-wait must "
                   "be 0-86400 seconds, --login-forget 1-86400\n";
      return 1;
    }
  }
  if (!o.copy_store.empty() && o.copy_store.size() != 2) {
    std::cerr << "ringside-server: --copy-store takes two arguments: FROM (a data directory) "
                 "and TO (a postgresql:// URL)\n";
    return 1;
  }
  if (!o.store.empty() && !postgres_connection::is_url(o.store)) {
    std::cerr << "ringside-server: --store takes a postgresql:// URL (SQLite is --data DIR)\n";
    return 1;
  }
  if (!cluster.redis_url.empty() && !redis::redis_endpoint::parse(cluster.redis_url)) {
    std::cerr << "ringside-server: --cluster must be redis://host:port, with user:password@ "
                 "or :password@ before the host for a Redis that asks for one\n";
    return 1;
  }
  if (!(cluster.lease_ttl_s >= 0.5 && cluster.lease_ttl_s <= 60) ||
      !(cluster.node_ttl_s >= 0.5 && cluster.node_ttl_s <= 60)) {
    std::cerr << "ringside-server: --lease-ttl and --node-ttl must be 0.5-60 seconds\n";
    return 1;
  }
  if (!(cluster.forward_timeout_s >= 0.1 && cluster.forward_timeout_s <= 60)) {
    std::cerr << "ringside-server: --forward-timeout must be 0.1-60 seconds\n";
    return 1;
  }
  if (!(cluster.placement_load_margin >= 0 && cluster.placement_load_margin <= 64)) {
    std::cerr << "ringside-server: --placement-load-margin must be 0-64\n";
    return 1;
  }
  if (cluster.node_id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_.") != std::string::npos ||
      cluster.node_id.size() > 64) {
    std::cerr << "ringside-server: --cluster-node-id: at most 64 letters, digits, - _ .\n";
    return 1;
  }
  if (tls.cert.empty() != tls.key.empty()) {
    std::cerr << "ringside-server: --tls-cert and --tls-key go together\n";
    return 1;
  }
  o.port = static_cast<std::uint16_t>(port);
  const auto level = spdlog::level::from_str(o.log_level);
  if (level == spdlog::level::off && o.log_level != "off") {
    std::cerr << "ringside-server: unknown --log-level '" << o.log_level << "'\n";
    return 1;
  }
  return std::nullopt;
}

}  // namespace

int run(int argc, char** argv) {
  options opts;
  tls_files tls;
  if (const auto code = parse_flags(argc, argv, opts, tls)) return *code;
  // Logs go to stderr: stdout carries only the `listening on` line that scripts wait for.
  spdlog::set_default_logger(spdlog::stderr_color_mt("ringside"));
  spdlog::set_level(spdlog::level::from_str(opts.log_level));
  std::signal(SIGPIPE, SIG_IGN);

  if (!opts.copy_store.empty()) {
    auto counts = copy_store(opts.copy_store[0], opts.copy_store[1]);
    if (!counts) {
      std::cerr << "ringside-server: " << counts.error() << "\n";
      return 2;
    }
    for (const auto& [table, n] : *counts) std::cout << table << " " << n << "\n";
    return 0;
  }

  // Before the journal: a certificate that does not load is a typo to fix, not a server to run.
  std::unique_ptr<tls_certificate> certificate;
  if (!tls.cert.empty()) {
    auto loaded = tls_certificate::load(tls.cert, tls.key);
    if (!loaded) {
      std::cerr << "ringside-server: " << loaded.error() << "\n";
      return 1;
    }
    certificate = std::move(*loaded);
    spdlog::info("TLS certificate: {}", certificate->description());
  }

  // The journal first: a server that cannot record moves must not accept any.
  const std::string store_flag = opts.store.empty()
                                     ? "--data " + opts.data_dir
                                     : "--store " + postgres_connection::redacted(opts.store);
  auto opened = journal::open_location(
      opts.store.empty() ? opts.data_dir : opts.store,
      std::chrono::milliseconds(static_cast<std::int64_t>(opts.store_idle_transaction_timeout_ms)));
  if (!opened) {
    std::cerr << "ringside-server: " << store_flag << ": " << opened.error() << "\n";
    return 2;
  }
  auto saved_accounts = (*opened)->accounts();
  if (!saved_accounts) {
    std::cerr << "ringside-server: " << store_flag
              << ": cannot read the accounts: " << saved_accounts.error() << "\n";
    return 2;
  }
  auto unfinished = (*opened)->unfinished_rooms();
  if (!unfinished) {
    std::cerr << "ringside-server: " << store_flag
              << ": cannot read the unfinished games: " << unfinished.error() << "\n";
    return 2;
  }
  // Read before this run is recorded: the runs before it are what restored clocks charge.
  auto runs = (*opened)->server_runs();
  if (!runs) {
    std::cerr << "ringside-server: " << store_flag
              << ": cannot read the server's past runs: " << runs.error() << "\n";
    return 2;
  }
  const auto run_started_ms = unix_ms_now();
  // A run whose last beat is older than the longest turn any clock allows charges nothing.
  constexpr std::int64_t forget_runs_after_ms = 30LL * 86'400'000;
  if (opts.heartbeat_s > 0) {
    if (auto begun = (*opened)->begin_run(run_started_ms, run_started_ms - forget_runs_after_ms);
        !begun) {
      std::cerr << "ringside-server: " << store_flag
                << ": cannot record this run: " << begun.error() << "\n";
      return 2;
    }
  }
  metrics stats;
  // Stopped (below) while the io_context still exists: its last completions post there.
  auto writer = std::make_unique<journal_writer>(
      std::move(*opened),
      std::chrono::microseconds(static_cast<std::int64_t>(opts.journal_inline_commit_us)),
      journal_writer::counters{&stats.journal_inline_batches, &stats.journal_seat_writes_folded,
                               &stats.journal_writes_failed});

  // Every connection is a descriptor: take all the kernel allows before the first one (after
  // the journal: a server that will not start says only why).
  const auto files = raise_open_files_limit();
  spdlog::info("{}", describe(files));
  // One address holding its cap must leave descriptors for everybody else.
  if (const auto cap = opts.clients.tcp_connections_per_address; cap != 0 && 2 * cap > files.now)
    spdlog::warn(
        "--tcp-connections-per-address {} is more than half the open-files limit {}: "
        "one address could take most of the server's connections; lower it",
        cap, files.now);
  net::io_context ioc{opts.threads};
  stats.open_files_limit.store(files.now);
  room_registry rooms(ioc, stats, writer.get(), opts.abandon_after_s, opts.rooms);
  identity_registry identities(ioc, stats, writer.get(), opts.accounts);
  identities.load_accounts(std::move(*saved_accounts));
  // Before restore: a restored room whose computer is to move starts thinking at once.
  computer_pool computers(opts.computer_threads, 10, opts.computer_queue,
                          &stats.computer_searches_queued);
  rooms.set_computers(&computers);
  rooms.set_accounts(&identities);
  // Before restore: every restored room is claimed as this node's as soon as Redis answers.
  std::unique_ptr<cluster_node> node;
  const auto redis_at = cluster_redis(opts.cluster.redis_url);
  if (redis_at) {
    node = std::make_unique<cluster_node>(ioc, opts.cluster, *redis_at, stats);
    rooms.set_observer(node.get());
    node->on_room_lost([&rooms](const std::string& id) { rooms.give_up(id); });
    node->on_take_over([&rooms](const std::string& id, std::int64_t epoch,
                                std::function<void(bool)> done) {
      rooms.take_over(id, epoch,
                      [done = std::move(done)](room_registry::room_ptr r) { done(r != nullptr); });
    });
  }
  // Nodes sharing one store do not each load every unfinished game: a room is taken over by
  // the one node that claims it (orphaned by its dead node, or asked for), read then.
  if (node && postgres_connection::is_url(opts.store)) {
    spdlog::info("cluster: {} unfinished rooms in the shared store, opened as nodes claim them",
                 unfinished->size());
  } else {
    rooms.restore(std::move(*unfinished), *runs);
  }
  journal_heartbeat heartbeat(ioc, *writer, run_started_ms, opts.heartbeat_s);
  heartbeat.start();
  // The journal keeps the identities of people who come back and of seated players, and the
  // games people played: unused identities (every --identity-ttl, at most hourly) and short
  // finished games past --finished-retention-days (hourly) are pruned, from the start on.
  const double identity_ttl_s = opts.identity_ttl_s;
  periodic_task identity_sweep(
      ioc,
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(std::min(identity_ttl_s, 3600.0))),
      [&identities, identity_ttl_s] { identities.sweep(identity_ttl_s); });
  if (identity_ttl_s > 0) identity_sweep.start();
  periodic_task finished_sweep(ioc, std::chrono::hours(1),
                               [&rooms, rule = opts.finished] { rooms.sweep_finished_rooms(rule); });
  if (opts.finished.prunes_any()) finished_sweep.start();
  session_registry sessions(ioc);
  context ctx{opts, rooms, stats, sessions, identities};
  // Any node serves any client: requests for other nodes' rooms go to their owners.
  std::unique_ptr<cluster_relay> relay;
  if (node) {
    relay = std::make_unique<cluster_relay>(
        ioc, ctx, *node, *redis_at,
        std::chrono::milliseconds(
            static_cast<std::int64_t>(opts.cluster.forward_timeout_s * 1000)));
    ctx.relay = relay.get();
  }
  // Quick pairing across the nodes: the open seeks live in Redis.
  std::unique_ptr<cluster_seeks> shared_seeks;
  if (node) {
    shared_seeks = std::make_unique<cluster_seeks>(ioc, ctx, *node, *redis_at);
    ctx.shared_seeks = shared_seeks.get();
  }
  // Accounts made or changed on one node are every node's.
  std::unique_ptr<account_sync> accounts_across;
  if (node) {
    accounts_across = std::make_unique<account_sync>(ioc, identities, *node, *redis_at);
  }

  std::shared_ptr<listener> server;
  try {
    boost::system::error_code ec;
    const auto address = net::ip::make_address(opts.host, ec);
    if (ec) {
      std::cerr << "ringside-server: bad --host '" << opts.host << "'\n";
      return 1;
    }
    server = std::make_shared<listener>(ioc, net::ip::tcp::endpoint{address, opts.port}, ctx,
                                        certificate.get());
  } catch (const boost::system::system_error& e) {
    std::cerr << "ringside-server: cannot listen on " << opts.host << ":" << opts.port << ": "
              << e.what() << "\n";
    return 1;
  }
  // Signals are caught before the banner: a script may send one the moment it reads it.
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  // SIGHUP re-reads the certificate (after a renewal) while games go on; without TLS it keeps
  // its default meaning.
  net::signal_set reload_signal(ioc);
  std::function<void()> await_reload = [&] {
    reload_signal.async_wait([&](boost::system::error_code ec, int) {
      if (ec) return;
      if (auto described = certificate->reload())
        spdlog::info("SIGHUP: TLS certificate reloaded, new connections get {}", *described);
      else
        spdlog::error("SIGHUP: TLS certificate not reloaded, still serving the old one: {}",
                      described.error());
      await_reload();
    });
  };
  if (certificate) {
    reload_signal.add(SIGHUP);
    await_reload();
  }
  server->run();
  const auto bound = server->local_endpoint();
  if (node) {
    // With forwarding, the node beats (and so gets rooms and requests sent its way) only
    // once it hears its own channels.
    auto announce = [node = node.get(),
                     address = bound.address().to_string() + ":" + std::to_string(bound.port())] {
      node->start(address);
    };
    if (relay)
      relay->start(std::move(announce));
    else
      announce();
  }
  if (shared_seeks) shared_seeks->start();
  if (accounts_across) accounts_across->start();
  std::cout << "listening on " << bound.address().to_string() << ":" << bound.port() << std::endl;
  spdlog::info("listening on {}:{} with {} I/O thread{}{}", bound.address().to_string(),
               bound.port(), opts.threads, opts.threads == 1 ? "" : "s",
               certificate ? ", TLS (https://, wss://)" : "");
  // The mapped form of 127.0.0.1 is loopback too; Asio says it is not.
  const bool loopback =
      bound.address().is_loopback() || parse_client_address(address_text(bound.address()))
                                           .value_or(net::ip::address())
                                           .is_loopback();
  if (!loopback && opts.public_hosts.empty()) {
    spdlog::warn(
        "listening on {} without --public-host: requests naming any host are answered, so a "
        "page whose name is pointed at this server's address (DNS rebinding) can use it in its "
        "visitors' browsers; name the server's public names with --public-host",
        bound.address().to_string());
  } else if (!opts.public_hosts.empty()) {
    spdlog::info("answering requests for {}, IP addresses and localhost only (--public-host)",
                 ctx.hosts.listed());
  }
  // The address to give a person: this machine's loopback when listening on every address.
  const auto& page = static_files::embedded();
  const auto shown = bound.address().is_unspecified()
                         ? std::string(bound.address().is_v6() ? "[::1]" : "127.0.0.1")
                     // Appended, not "[" + ...: GCC 12 warns a false -Wrestrict on that.
                     : bound.address().is_v6() ? std::string("[").append(bound.address().to_string()).append("]")
                                               : bound.address().to_string();
  spdlog::info("the browser client: open {}://{}:{}/ ({} files, {:.1f} KB as sent gzipped)",
               certificate ? "https" : "http", shown, bound.port(), page.count(),
               static_cast<double>(page.gzip_bytes()) / 1000.0);

  // Shutdown: stop accepting, say 1001 to every session, then wait (bounded) for them to go.
  net::steady_timer drain(ioc);
  const auto cluster_left = std::make_shared<std::atomic<bool>>(false);
  const auto deadline = std::make_shared<std::chrono::steady_clock::time_point>();
  std::function<void()> poll = [&] {
    // A node waits for its leases to be released too, so other nodes need not wait them out.
    const bool idle = stats.connections.load() == 0 && ctx.http_sessions->load() == 0 &&
                      (!node || cluster_left->load());
    if (idle || std::chrono::steady_clock::now() >= *deadline) return ioc.stop();
    drain.expires_after(shutdown_poll);
    drain.async_wait([&](boost::system::error_code ec) {
      if (!ec) poll();
    });
  };
  signals.async_wait([&](boost::system::error_code ec, int sig) {
    if (ec) return;
    spdlog::info("signal {}: shutting down", sig);
    ctx.stopping.store(true);
    *deadline = std::chrono::steady_clock::now() + shutdown_limit;
    server->stop();
    reload_signal.cancel();
    identity_sweep.stop();
    finished_sweep.stop();
    heartbeat.stop();
    if (relay) relay->stop();
    if (shared_seeks) shared_seeks->stop();
    if (accounts_across) accounts_across->stop();
    if (node) node->leave([cluster_left] { cluster_left->store(true); });
    sessions.close_all();
    rooms.shutdown();
    poll();
  });

  // The last line of defence: a handler that threw where no session caught it (a callback
  // on a room's or the lobby's strand) is counted and logged, and the thread runs on.
  const auto run_io = [&ioc, &stats] {
    for (;;) {
      try {
        ioc.run();
        return;
      } catch (...) {
        stats.faults.report_current("an I/O thread's handler");
      }
    }
  };
  std::vector<std::thread> workers;
  for (int i = 1; i < opts.threads; ++i) workers.emplace_back(run_io);
  run_io();
  for (auto& t : workers) t.join();
  computers.stop();  // rooms cancelled their searches at shutdown; those finish at once
  writer.reset();    // flushes what is queued; the completions are never run
  spdlog::info("stopped");
  return 0;
}

}  // namespace ringside::server
