#pragma once
// Process-wide counters for /metrics and /healthz. Atomics, not locks: every strand bumps them
// without waiting for anyone, and a scrape reads a slightly torn but never corrupt picture.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "server/cluster_metrics.hpp"
#include "server/fault_log.hpp"
#include "server/relay_metrics.hpp"

namespace ringside::server {

class metrics {
 public:
  metrics();

  std::atomic<std::int64_t> connections{0};  // open WebSocket sessions
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> rooms_waiting{0};
  std::atomic<std::int64_t> rooms_playing{0};
  std::atomic<std::int64_t> rooms_finished{0};
  std::atomic<std::uint64_t> moves_accepted{0};
  std::atomic<std::uint64_t> takebacks{0};  // takebacks made (each may take back two plies)
  std::atomic<std::uint64_t> rematches{0};  // rematch rooms made
  std::atomic<std::uint64_t> moves_rejected{0};
  std::atomic<std::uint64_t> messages_in{0};
  std::atomic<std::uint64_t> messages_out{0};
  std::atomic<std::uint64_t> bytes_out{0};
  // Gather writes of whole frames straight to a plain TCP socket, past Beast's write op.
  std::atomic<std::uint64_t> direct_writes{0};
  std::atomic<std::uint64_t> slow_clients_dropped{0};
  std::atomic<std::uint64_t> catch_ups{0};  // backlogs of patches replaced by one snapshot
  std::atomic<std::uint64_t> rate_limited{0};
  std::atomic<std::uint64_t> flooders_closed{0};
  std::atomic<std::uint64_t> chat_refused{0};   // over a room's chat budget, or spectators' off
  std::atomic<std::uint64_t> chat_dropped{0};   // not queued for a connection under pressure
  std::atomic<std::uint64_t> chat_history_sent{0};  // past lines sent in `joined`
  std::atomic<std::uint64_t> rooms_refused{0};  // create_room over a waiting-room cap
  std::atomic<std::uint64_t> rooms_refused_daily{0};    // over --rooms-per-address-per-day
  std::atomic<std::uint64_t> finished_rooms_pruned{0};  // past --finished-retention-days
  std::atomic<std::uint64_t> http_limited{0};   // HTTP requests answered 429
  std::atomic<std::uint64_t> player_pages{0};            // /api/players/{name} answered 200
  std::atomic<std::uint64_t> player_queries_refused{0};  // its query answered 400
  // Per client address and identity (client_limits).
  std::atomic<std::uint64_t> address_connections_refused{0};  // upgrades over the address's cap
  std::atomic<std::uint64_t> cooldown_refused{0};      // upgrades while the address cools down
  std::atomic<std::uint64_t> address_rate_limited{0};  // messages over the address's budget
  std::atomic<std::uint64_t> identity_connections_refused{0};  // hellos over the identity's cap
  std::atomic<std::uint64_t> identities_refused{0};  // new identities over the address's cap
  std::atomic<std::uint64_t> identities_pruned{0};   // not seen for --identity-ttl, no seat
  std::atomic<std::uint64_t> seats_refused{0};       // a seat over --seats-per-player
  std::atomic<std::int64_t> seeks_open{0};           // quick-pairing seeks waiting now
  std::atomic<std::uint64_t> seeks_paired{0};        // pairs of seeks seated in a new room
  std::atomic<std::uint64_t> seeks_refused{0};       // seeks over a --seeks-* cap
  // In a cluster: pairs made with another node's seek; seeks paired on this node alone since
  // Redis did not answer; this node's seeks another node paired that had no seeker left here.
  std::atomic<std::uint64_t> seeks_paired_across{0};
  std::atomic<std::uint64_t> seeks_paired_locally{0};
  std::atomic<std::uint64_t> seeks_lost_across{0};
  std::atomic<std::uint64_t> rooms_cancelled{0};     // waiting rooms cancelled by their creator
  // Hellos with a token its other connections use from another address (they are told).
  std::atomic<std::uint64_t> identity_used_elsewhere{0};
  // Games against the computer: create_room over --computer-games-per-player/-address, and
  // searches (or the create_room that would start one) refused at --computer-queue; the
  // searches waiting now.
  std::atomic<std::uint64_t> computer_games_refused{0};
  std::atomic<std::uint64_t> computer_queue_full{0};
  std::atomic<std::uint64_t> games_aborted{0};  // no first move within --first-move-abort
  std::atomic<std::int64_t> computer_searches_queued{0};
  // Rated games whose end changed both ratings, and create_room refused rated (computer).
  std::atomic<std::uint64_t> rated_games{0};
  std::atomic<std::uint64_t> rated_refused{0};
  // The process's open-files limit (set once at start), accepts that failed at it, and the
  // connections let in on a spare descriptor meanwhile (see listener).
  std::atomic<std::uint64_t> open_files_limit{0};
  std::atomic<std::uint64_t> accepts_out_of_fds{0};
  std::atomic<std::uint64_t> spare_fd_connections{0};
  std::atomic<std::uint64_t> hello_timeouts{0};   // WebSockets closed for saying no hello
  std::atomic<std::uint64_t> origins_refused{0};  // upgrades from another site's page (403)
  std::atomic<std::uint64_t> hosts_refused{0};    // requests for a name not --public-host (421)
  std::atomic<std::uint64_t> http_oversize{0};    // requests over the header or body limit
  std::atomic<std::uint64_t> control_frames_over_limit{0};  // pings/pongs past the rate limit
  // Handlers that threw: each failed only its own request or connection (fault_log).
  fault_log faults;
  std::atomic<std::uint64_t> names_refused{0};  // bad_name at hello, name_taken at join
  // Every connection, from accept: over the peer address's cap, TLS handshakes over its
  // budget, the page's files over their own budget, keep-alive connections ended at their
  // lifetime or request count.
  std::atomic<std::uint64_t> tcp_connections_refused{0};
  std::atomic<std::uint64_t> tls_handshakes_refused{0};
  std::atomic<std::uint64_t> static_rate_limited{0};
  std::atomic<std::uint64_t> keepalive_ended{0};
  // `positions` answers built by replaying a room's moves (the rest came from the room's copy).
  std::atomic<std::uint64_t> positions_built{0};
  // Accounts: registrations; logins (and change_password) with an unknown name or a wrong
  // password; those answered after the limiter's delay; those refused at --login-max-wait.
  std::atomic<std::uint64_t> accounts_registered{0};
  std::atomic<std::uint64_t> logins_failed{0};
  std::atomic<std::uint64_t> logins_delayed{0};
  std::atomic<std::uint64_t> logins_limited{0};
  // Journal batches committed on an I/O thread (--journal-inline-commit-us), not handed off.
  std::atomic<std::uint64_t> journal_inline_batches{0};
  // Seat writes not run because a later seat write of the same room in the same batch
  // replaced them (seat_write_fold).
  std::atomic<std::uint64_t> journal_seat_writes_folded{0};
  // Journal writes that failed (their statement, or their batch's transaction): each one's
  // request was refused, with internal_error where a client asked.
  std::atomic<std::uint64_t> journal_writes_failed{0};

  // A node of a cluster (--cluster): leases, Redis, the other nodes.
  cluster_metrics cluster;
  // A node of a cluster: requests forwarded to other nodes, rooms relayed from them.
  relay_metrics relay;

  // Records one accepted move's latency, from the frame's arrival to the ack being queued.
  void observe_move_latency(std::chrono::steady_clock::duration d);

  // Every room, whatever its status.
  std::int64_t rooms() const;
  // Whole seconds since construction.
  std::int64_t uptime_s() const;
  // The Prometheus text exposition (version 0.0.4) of everything above.
  std::string render() const;

 private:
  static constexpr std::array<double, 10> bucket_bounds_{0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                                         0.005,  0.01,    0.025,  0.05,  0.1};
  std::array<std::atomic<std::uint64_t>, bucket_bounds_.size() + 1> buckets_{};
  std::atomic<std::uint64_t> latency_sum_ns_{0};
  std::chrono::steady_clock::time_point started_;
};

}  // namespace ringside::server
