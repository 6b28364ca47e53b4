#pragma once
// timed_game_beside: two players play a timed ZÈRTZ game on a server while a test attacks
// that server, and report what they went through: every move's latency from sending it to
// reading its ack, every error they were sent, and any close. The abuse suite's check is that
// an attack changes none of that (see check_players_unharmed and tests/abuse/README.md).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/ws_client.hpp"

namespace ringside::test {

struct game_report {
  int moves = 0;  // moves acked
  std::vector<double> latencies_ms;  // move -> ack, as the mover saw it, one per move
  double worst_ms = 0;
  std::vector<std::string> problems;  // every error, close, gap and refusal, as a sentence
  int chats_seen = 0;                 // chat messages the two players received
  bool game_over = false;             // the game ended before stop() (the players then idle)
};

class timed_game_beside {
 public:
  struct settings {
    // create_room fields besides game and seat: by default a standard game on the largest
    // board (long enough for any attack here) on a clock.
    json create = {{"variant", "standard"},
                   {"board", 61},
                   {"clock", {{"initial_s", 300}, {"increment_s", 5}}}};
    // Time each player "thinks" before moving, not reading meanwhile (messages pile up
    // in the server's queue and the kernel's buffers, as for a person).
    std::chrono::milliseconds pace{60};
    // A seat (1 or 2) whose connection has a 4 KiB receive buffer and reads at about
    // 1 MB/s (an 8 Mbit/s link); 0 for none.
    int slow_reader_seat = 0;
  };

  // Seats two players ("alice", "bob") in a new room on `port`, plays two moves, then keeps
  // playing on its own thread until stop().
  explicit timed_game_beside(std::uint16_t port);
  timed_game_beside(std::uint16_t port, settings s);
  ~timed_game_beside();
  timed_game_beside(const timed_game_beside&) = delete;
  timed_game_beside& operator=(const timed_game_beside&) = delete;

  // The game's room id (what attackers join).
  const std::string& room() const { return room_; }
  // Stops playing (after the move in progress) and returns what the players saw.
  game_report stop();

 private:
  struct player;
  void run();
  bool play_one(int seat);
  // Reads `seat`'s messages until `until` returns true, or `timeout`; false on timeout/close.
  bool read_until(int seat, const std::function<bool(const json&)>& until,
                  std::chrono::milliseconds timeout);
  void take(int seat, const json& msg);
  void problem(std::string what);

  settings settings_;
  std::string room_;
  std::vector<std::unique_ptr<player>> players_;
  game_report report_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
  int seed_ = 1;
};

}  // namespace ringside::test
