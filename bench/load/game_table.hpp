#pragma once
// game_table: one room's worth of clients (creator, joiner, spectators) and the order they
// enter in: the creator opens a room, the spectators join it, then the second player sits
// down and the game starts; when it ends everyone moves on to a fresh room. It also matches
// spectators' patches with the moment the move that caused them was sent. The match is by
// the version the move's ack names, never a guess: other changes (a batched spectator count,
// a player's connection) also make versions, and a refused move makes none.

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ringside::load {

class game_client;
class shard;

class game_table {
 public:
  using clock = std::chrono::steady_clock;

  game_table(shard& owner, int index, int spectators);
  ~game_table();

  // Opens every connection of the table.
  void start();

  // --- called by this table's clients ------------------------------------------------------
  void on_welcome(game_client& c);
  void on_joined(game_client& c, const std::string& room);
  void on_closed(game_client& c);
  // A player saw the room finish; the table starts the next game once per room.
  void on_game_over(const std::string& room);
  // A player sent a move at `at` (paces --moves-per-s: draws the gap before the next one).
  void on_move_sent(clock::time_point at);
  // The server accepted a move sent at `sent`; it made `version` of the current room.
  void on_move_acked(long version, clock::time_point sent);
  // The server refused the move sent last (an error answered it).
  void on_move_refused();
  // A spectator received the patch that made `version` (possibly before the mover's ack).
  void on_spectator_patch(long version, clock::time_point at);
  // A spectator holding `held` received a snapshot of `version`: every move in between
  // reached it then.
  void on_spectator_catch_up(long held, long version, clock::time_point at);
  // The earliest time the next move of this game may go out under --moves-per-s.
  clock::time_point next_move_at() const;
  const std::string& room() const { return room_; }
  int index() const { return index_; }

 private:
  struct move_track {
    clock::time_point sent;
    int seen = 0;
    clock::duration slowest{};
  };
  void maybe_seat_joiner();
  // The time of the next move under --moves-per-s, an exponential gap after `from`.
  void draw_next_move(clock::time_point from);
  void count_patch(std::map<long, move_track>::iterator it, clock::time_point at);

  shard& shard_;
  int index_;
  std::unique_ptr<game_client> creator_;
  std::unique_ptr<game_client> joiner_;
  std::vector<std::unique_ptr<game_client>> spectators_;
  std::string room_;
  std::string finished_room_;
  int spectators_in_ = 0;  // spectators that got `joined` for room_
  bool joiner_sent_ = false;
  bool crowd_seen_ = false;  // the first room's spectators were all in once
  bool started_ = false;
  // --moves-per-s as a mean: each gap is drawn anew, exponentially (as people think), so the
  // games move independently rather than in step. Zero = no pace.
  double mean_gap_s_ = 0;
  clock::time_point next_move_{};
  std::map<long, move_track> moves_;  // acked moves some spectator has not seen yet
  // Patches spectators got for versions no ack has named yet: mostly the mover's ack is still
  // on its way; the rest (versions that were not moves) are forgotten 16 versions later.
  // Only kept while a move is in flight: a patch seen with none in flight cannot be a move's.
  std::map<long, std::vector<clock::time_point>> early_;
  int in_flight_ = 0;  // moves sent and not yet answered
};

}  // namespace ringside::load
