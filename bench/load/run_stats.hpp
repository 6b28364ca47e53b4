#pragma once
// run_stats: what one shard counted. The atomics are read by the main thread for the
// once-a-second progress line; everything else belongs to the shard's thread until it joins.

#include <atomic>
#include <chrono>
#include <map>
#include <string>

#include "latency_recorder.hpp"

namespace ringside::load {

struct run_stats {
  using clock = std::chrono::steady_clock;

  // --- live, for progress ------------------------------------------------------------------
  std::atomic<long> held{0};           // connections open and past hello (or handshake)
  std::atomic<long> moves_acked{0};    // all acks, warm-up included
  std::atomic<long> echoes{0};         // echo round trips completed
  std::atomic<long> error_count{0};    // protocol errors and unexpected closes
  std::atomic<long> dropped{0};        // connections that were open and then closed under us
  std::atomic<long> games_started{0};  // rooms that reached two seated players
  std::atomic<long> games_finished{0};

  // --- shard-private ------------------------------------------------------------------------
  long attempted = 0;  // connections started
  long opened = 0;     // connections that reached welcome (or handshake, for echo)
  long moves_sent = 0;
  long moves_measured = 0;  // acks of moves sent after the warm-up
  long echoes_measured = 0;
  long patch_gaps = 0;                  // patches that skipped a version (answered with sync)
  long spectator_moves_incomplete = 0;  // moves some spectator never saw a patch for
  // What the server sent after the warm-up, frames and bytes (payload plus the frame's own
  // header; TCP and IP not counted), to the players and to the spectators.
  long player_frames = 0;
  long player_bytes = 0;
  long spectator_frames = 0;
  long spectator_bytes = 0;
  // What the players sent after the warm-up (moves, and the few room messages between games),
  // counted as the server receives it: payload plus a masked frame's header.
  long player_sent_frames = 0;
  long player_sent_bytes = 0;
  std::map<std::string, long> errors;        // protocol error codes and close reasons
  std::map<std::string, long> drops;         // connections lost after opening, by close tag
  std::map<std::string, long> failed_opens;  // connections that never opened, by stage
  latency_recorder ack;                      // move sent -> ack received, by the mover
  latency_recorder spectator_patch;          // move sent -> patch received, every spectator
  latency_recorder last_spectator;           // move sent -> patch at the last spectator of the room
  latency_recorder echo_rtt;                 // echo frame sent -> same frame back
  // When this shard's first game started, and when the last of its tables had its first
  // crowd all in (every live spectator joined, so the second player sat down). Zero (the
  // clock's epoch) when it never happened.
  clock::time_point first_game{};
  clock::time_point crowd_in{};

  // Counts an error by code and for progress.
  void error(const std::string& code) {
    ++errors[code];
    error_count.fetch_add(1, std::memory_order_relaxed);
  }
  // Counts a connection that ended during the run (also an error, as it always was): a drop
  // when it had opened, a failed open when it never had.
  void closed(const std::string& tag, bool was_open) {
    error(tag);
    if (!was_open) {
      ++failed_opens[tag];
      return;
    }
    ++drops[tag];
    dropped.fetch_add(1, std::memory_order_relaxed);
  }
};

}  // namespace ringside::load
