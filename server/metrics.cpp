#include "server/metrics.hpp"

#include <sstream>

namespace ringside::server {

metrics::metrics() : started_(std::chrono::steady_clock::now()) {}

void metrics::observe_move_latency(std::chrono::steady_clock::duration d) {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
  const double s = static_cast<double>(ns) / 1e9;
  std::size_t i = 0;
  while (i < bucket_bounds_.size() && s > bucket_bounds_[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  latency_sum_ns_.fetch_add(ns > 0 ? static_cast<std::uint64_t>(ns) : 0, std::memory_order_relaxed);
}

std::int64_t metrics::rooms() const {
  return rooms_waiting.load() + rooms_playing.load() + rooms_finished.load();
}

std::int64_t metrics::uptime_s() const {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() -
                                                          started_)
      .count();
}

std::string metrics::render() const {
  std::ostringstream out;
  const auto counter = [&out](const char* name, const char* help, std::uint64_t v) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " counter\n"
        << name << ' ' << v << '\n';
  };
  out << "# HELP ringside_connections Open WebSocket connections.\n"
         "# TYPE ringside_connections gauge\nringside_connections "
      << connections.load() << '\n';
  counter("ringside_connections_total", "WebSocket connections accepted.",
          connections_total.load());
  out << "# HELP ringside_rooms Rooms by status.\n# TYPE ringside_rooms gauge\n"
      << "ringside_rooms{status=\"waiting\"} " << rooms_waiting.load() << '\n'
      << "ringside_rooms{status=\"playing\"} " << rooms_playing.load() << '\n'
      << "ringside_rooms{status=\"finished\"} " << rooms_finished.load() << '\n';
  counter("ringside_moves_accepted_total", "Moves the rules accepted.", moves_accepted.load());
  counter("ringside_takebacks_total", "Takebacks made (accepted, or against the computer).",
          takebacks.load());
  counter("ringside_rematches_total", "Rematch rooms made after a finished game.",
          rematches.load());
  counter("ringside_moves_rejected_total", "Moves refused (any error).", moves_rejected.load());
  counter("ringside_messages_in_total", "WebSocket messages received.", messages_in.load());
  counter("ringside_messages_out_total", "WebSocket messages sent.", messages_out.load());
  counter("ringside_bytes_out_total", "WebSocket payload bytes sent.", bytes_out.load());
  counter("ringside_direct_writes_total",
          "Gather writes of whole frames straight to a plain TCP socket (one or more frames each).",
          direct_writes.load());
  counter("ringside_slow_clients_dropped_total", "Connections closed for not reading.",
          slow_clients_dropped.load());
  counter("ringside_catch_up_snapshots_total",
          "Backlogs of a room's patches a lagging connection got as one snapshot instead.",
          catch_ups.load());
  counter("ringside_rate_limited_total", "Messages refused by the rate limit.",
          rate_limited.load());
  counter("ringside_flooders_closed_total", "Connections closed for flooding.",
          flooders_closed.load());
  counter("ringside_chat_refused_total",
          "Chat messages refused: over the room's spectator budget, too soon, or turned off.",
          chat_refused.load());
  counter("ringside_chat_dropped_total",
          "Chat messages not sent to a connection whose queue or socket was backed up.",
          chat_dropped.load());
  counter("ringside_chat_history_lines_sent_total",
          "Past chat lines a room sent in `joined` to someone who joined it late.",
          chat_history_sent.load());
  counter("ringside_rooms_refused_total",
          "create_room refused: the player or the address has as many rooms waiting as allowed.",
          rooms_refused.load());
  counter("ringside_http_rate_limited_total",
          "HTTP requests answered 429: too many from one address.", http_limited.load());
  counter("ringside_player_pages_total",
          "Players' pages and game lists answered (GET /api/players/{name}).", player_pages.load());
  counter("ringside_player_queries_refused_total",
          "Players' pages refused 400: a bad name or query (over --player-games-page, ...).",
          player_queries_refused.load());
  counter("ringside_address_connections_refused_total",
          "WebSocket upgrades answered 429: the address holds as many connections as allowed.",
          address_connections_refused.load());
  counter("ringside_cooldown_refused_total",
          "WebSocket upgrades answered 429: the address is cooling down after a flood.",
          cooldown_refused.load());
  counter("ringside_address_rate_limited_total",
          "Messages refused: over the budget of all one address's connections.",
          address_rate_limited.load());
  counter("ringside_identity_connections_refused_total",
          "hello refused: the identity speaks on as many connections as allowed.",
          identity_connections_refused.load());
  counter("ringside_identities_refused_total",
          "hello without a token refused: the address made as many identities as allowed.",
          identities_refused.load());
  counter("ringside_identities_pruned_total",
          "Identities deleted: not seen for --identity-ttl and holding no seat.",
          identities_pruned.load());
  counter("ringside_seats_refused_total",
          "create_room or join as a player refused: the identity holds as many seats as allowed.",
          seats_refused.load());
  out << "# HELP ringside_seeks_open Quick-pairing seeks waiting for an opponent.\n"
         "# TYPE ringside_seeks_open gauge\nringside_seeks_open "
      << seeks_open.load() << '\n';
  counter("ringside_seeks_paired_total", "Pairs of seeks seated together in a new room.",
          seeks_paired.load());
  counter("ringside_seeks_refused_total",
          "Seeks refused: the same shape already open, or over --seeks-per-player, "
          "--seeks-per-minute or --seeks-max.",
          seeks_refused.load());
  counter("ringside_seeks_paired_across_total",
          "Cluster: pairs of seeks made with a seek of another node's client.",
          seeks_paired_across.load());
  counter("ringside_seeks_local_fallback_total",
          "Cluster: seeks taken to this node's own pool because Redis did not answer.",
          seeks_paired_locally.load());
  counter("ringside_seeks_lost_across_total",
          "Cluster: seeks of this node another node paired that had no seeker here any more.",
          seeks_lost_across.load());
  counter("ringside_rooms_cancelled_total",
          "Waiting rooms cancelled by the player waiting in them.", rooms_cancelled.load());
  counter("ringside_computer_games_refused_total",
          "create_room against the computer refused: the identity or the address has as many "
          "unfinished games against the computer as allowed.",
          computer_games_refused.load());
  counter("ringside_games_aborted_total",
          "timed games aborted: the player to move made no first move within --first-move-abort",
          games_aborted.load());
  counter("ringside_computer_queue_full_total",
          "Computer searches, or create_room against the computer, refused: --computer-queue "
          "searches were waiting.",
          computer_queue_full.load());
  counter("ringside_rated_games_total",
          "Rated games whose end changed both players' ratings (durably, with the result).",
          rated_games.load());
  counter("ringside_rated_refused_total",
          "create_room with rated: true refused: games against the computer are never rated.",
          rated_refused.load());
  out << "# HELP ringside_computer_searches_queued Computer searches waiting for a worker.\n"
         "# TYPE ringside_computer_searches_queued gauge\nringside_computer_searches_queued "
      << computer_searches_queued.load() << '\n';
  out << "# HELP ringside_open_files_limit The process's open-files limit (RLIMIT_NOFILE).\n"
         "# TYPE ringside_open_files_limit gauge\nringside_open_files_limit "
      << open_files_limit.load() << '\n';
  counter("ringside_accepts_out_of_fds_total",
          "Accepts that failed at the open-files limit (EMFILE, ENFILE); each waits 50 ms.",
          accepts_out_of_fds.load());
  counter("ringside_spare_fd_connections_total",
          "Connections let in on a spare descriptor at the open-files limit: /healthz and "
          "/metrics answered, anything else 503.",
          spare_fd_connections.load());
  counter("ringside_hello_timeouts_total",
          "WebSocket connections closed for not saying hello within --hello-timeout.",
          hello_timeouts.load());
  counter("ringside_origins_refused_total",
          "WebSocket upgrades answered 403: a page from an origin not allowed (--allow-origin).",
          origins_refused.load());
  counter("ringside_rooms_refused_daily_total",
          "create_room refused: the address created --rooms-per-address-per-day rooms in 24 h.",
          rooms_refused_daily.load());
  counter("ringside_finished_rooms_pruned_total",
          "Finished games deleted from the journal: shorter than --finished-keep-plies and "
          "finished more than --finished-retention-days ago.",
          finished_rooms_pruned.load());
  counter("ringside_identity_used_elsewhere_total",
          "Hellos with a token whose identity was connected from another address at the time; "
          "those connections got a notice.",
          identity_used_elsewhere.load());
  counter("ringside_hosts_refused_total",
          "HTTP requests answered 421: Host names none of the server's --public-host.",
          hosts_refused.load());
  counter("ringside_http_oversize_total",
          "HTTP requests answered 431 or 413: headers over 8 KiB or a body over 16 KiB.",
          http_oversize.load());
  counter("ringside_control_frames_over_limit_total",
          "Pings and pongs received past the connection's rate limit (they count as messages).",
          control_frames_over_limit.load());
  counter("ringside_handler_faults_total",
          "Requests and messages whose handler threw: answered 500 or closed 1011, one "
          "connection each; the server went on.",
          faults.count());
  counter("ringside_journal_inline_batches_total",
          "Journal batches committed on an I/O thread at the end of its turn, without the hand-off "
          "to the journal's thread (--journal-inline-commit-us).",
          journal_inline_batches.load());
  counter("ringside_journal_seat_writes_folded_total",
          "Seat writes not run because a later seat write of the same room, in the same journal "
          "batch and with nothing between them that reads that room, replaced them.",
          journal_seat_writes_folded.load());
  counter("ringside_journal_writes_failed_total",
          "Journal writes that failed, by their own statement or with their batch's transaction "
          "(a failing disk, a lost PostgreSQL session); what asked for them was refused.",
          journal_writes_failed.load());
  counter("ringside_names_refused_total",
          "Names refused: hello with a name that hides or mixes scripts (bad_name), join beside a "
          "seated player whose name looks the same (name_taken).",
          names_refused.load());
  counter("ringside_tcp_connections_refused_total",
          "Connections closed at accept: the peer address holds --tcp-connections-per-address.",
          tcp_connections_refused.load());
  counter("ringside_tls_handshakes_refused_total",
          "Connections closed before their TLS handshake: over --tls-handshakes-per-address.",
          tls_handshakes_refused.load());
  counter("ringside_static_rate_limited_total",
          "Requests for the page's files answered 429: over --static-rate-limit.",
          static_rate_limited.load());
  counter("ringside_http_keepalive_ended_total",
          "Keep-alive HTTP connections closed after their last answer: older than "
          "--http-keepalive-time or past --http-keepalive-requests.",
          keepalive_ended.load());
  counter("ringside_positions_built_total",
          "Answers to /api/rooms/ID/positions built by replaying the room's moves.",
          positions_built.load());
  counter("ringside_accounts_registered_total", "Identities that registered as accounts.",
          accounts_registered.load());
  counter("ringside_logins_failed_total",
          "login or change_password answered bad_credentials: an unknown name or a wrong "
          "password.",
          logins_failed.load());
  counter("ringside_logins_delayed_total",
          "login or change_password attempts checked only after a delay: the account or the "
          "address had more than --login-free-failures recent failures.",
          logins_delayed.load());
  counter("ringside_logins_limited_total",
          "login or change_password refused (login_limited): the delay would pass "
          "--login-max-wait.",
          logins_limited.load());

  out << "# HELP ringside_move_latency_seconds Time from a move's arrival to its ack.\n"
         "# TYPE ringside_move_latency_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < bucket_bounds_.size(); ++i) {
    cumulative += buckets_[i].load();
    out << "ringside_move_latency_seconds_bucket{le=\"" << bucket_bounds_[i] << "\"} " << cumulative
        << '\n';
  }
  cumulative += buckets_[bucket_bounds_.size()].load();
  out << "ringside_move_latency_seconds_bucket{le=\"+Inf\"} " << cumulative << '\n'
      << "ringside_move_latency_seconds_sum " << static_cast<double>(latency_sum_ns_.load()) / 1e9
      << '\n'
      << "ringside_move_latency_seconds_count " << cumulative << '\n';
  out << "# HELP ringside_uptime_seconds Seconds since the server started.\n"
         "# TYPE ringside_uptime_seconds gauge\nringside_uptime_seconds "
      << uptime_s() << '\n';
  out << cluster.render();
  out << relay.render();
  return out.str();
}

}  // namespace ringside::server
