#pragma once
// game_client: one connection in a room, as a player (holds the state, applies every patch,
// moves when it is its turn) or as a spectator (reports when each move's patch arrives).
// Every message it sends goes through its pacer, so it never trips the server's rate limit;
// with --think a player also waits a random, person-like time before each move.

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "clients/common/room_mirror.hpp"
#include "pacer.hpp"

namespace ringside::client {
class ws_connection;
}

namespace ringside::load {

class game_table;
class shard;

class game_client {
 public:
  using clock = std::chrono::steady_clock;
  enum class role { creator, joiner, spectator };

  game_client(shard& owner, game_table& table, role r, std::string name);
  ~game_client();
  game_client(const game_client&) = delete;
  game_client& operator=(const game_client&) = delete;

  // Queues the connection with the shard's connect limiter; hello follows on open.
  void start();
  // Creator: asks for a new room (its `joined` reaches game_table::on_joined).
  void create_room();
  // Takes a seat (joiner) or a spectator place in `room`.
  void join(const std::string& room);
  // Leaves the current room (the game in it ended); messages about it are ignored after.
  void leave();

  bool welcomed() const { return welcomed_; }
  bool alive() const { return !closed_; }
  role kind() const { return role_; }

 private:
  void on_message(std::string_view text);
  void on_close(const std::string& why, bool was_open);
  void on_spectator_patch(long version, clock::time_point now);
  // Our move was accepted (its ack, or for a lean client its patch) and made `version`.
  void on_move_answered(long version, clock::time_point now);
  // Counts a frame from the server for bytes per move (after the warm-up).
  void count_bytes(std::size_t payload, clock::time_point now);
  // Counts a frame to the server (players only, after the warm-up).
  void count_sent(std::size_t payload, clock::time_point now);
  void on_room_update();
  void send(nlohmann::json msg);
  void pump();
  bool wants_move() const;
  // When the move for the current ply may go out after thinking (--think); `now` without it.
  clock::time_point thought_at(clock::time_point now);
  void send_move(clock::time_point now);
  void request_sync();

  shard& shard_;
  game_table& table_;
  role role_;
  std::string name_;
  std::shared_ptr<client::ws_connection> conn_;
  pacer pacer_;
  boost::asio::steady_timer timer_;
  std::deque<std::string> outbox_;
  // The room at its version: players keep the state (patched in place, it is the hot path);
  // spectators only the version.
  client::room_mirror mirror_{client::room_mirror::on_failure::patch_in_place};
  std::string room_;
  long acked_version_ = 0;  // version our last acked move made; we wait to see it
  int seat_ = 0;
  long next_id_ = 0;
  long move_id_ = -1;  // id of the move awaiting its ack, -1 when none
  clock::time_point move_sent_at_{};
  long think_ply_ = -1;  // the ply think_until_ was drawn for
  clock::time_point think_until_{};
  bool opening_ = true;
  bool welcomed_ = false;
  bool closed_ = false;
  bool timer_armed_ = false;
  clock::time_point timer_at_{};
};

}  // namespace ringside::load
