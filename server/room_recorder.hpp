#pragma once
// room_recorder: what one room writes to the journal. Seats and results are written in the
// background (a failure is logged; the room plays on); a move is written before the room
// takes it, and the room hears back on its strand. Without a journal (tests, fuzzing) nothing
// is written and a move is taken at once.

#include <array>
#include <boost/asio/any_io_executor.hpp>
#include <functional>
#include <optional>
#include <string>

#include "server/journal.hpp"
#include "server/room_observer.hpp"

namespace ringside::server {

class journal_writer;

class room_recorder {
 public:
  // `writer` may be null; results come back on `strand`.
  room_recorder(journal_writer* writer, std::string room_id, boost::asio::any_io_executor strand);

  bool enabled() const { return writer_ != nullptr; }
  // In a cluster: every write carries the epoch `owner` gives when it is queued, and the store
  // refuses it in the same transaction once a newer owner fenced the room; then `lost` runs
  // on the strand (after the write's own answer): another node owns the room now.
  void set_fencing(const room_observer* owner, std::function<void()> lost);
  // Both seats (empty: free) and the room's status ("waiting" or "playing"). A failure is
  // logged; `done`, if any, runs on the strand once the write is durable, or failed.
  void record_seats(const std::array<std::optional<seat_row>, 2>& seats, std::string status,
                    std::function<void(journal_status)> done = {});
  // The end of the game, with its final position and its record.
  void record_finish(const room_result& result, std::string position, std::string record);
  // The end of a rated game between two accounts: finish_rated_room, so both ratings change
  // with it or not at all. `done` runs on the strand with both changes, or the failure.
  using rated_done = std::function<void(ringside::expected<std::array<rating_change, 2>>)>;
  void record_rated_finish(const room_result& result, std::string position, std::string record,
                           std::string category, const rating::glicko2& system,
                           rated_done done);
  // Reads `player_id`'s rating in `category` after every write queued before; `done` runs on
  // the strand with it (empty: none yet). Without a journal, nothing runs.
  using rating_done = std::function<void(ringside::expected<std::optional<rating_row>>)>;
  void read_rating(std::string player_id, std::string category, rating_done done);
  // Reads the rating changes this (finished) room's game made; `done` runs on the strand.
  using changes_done = std::function<void(ringside::expected<std::vector<rating_change>>)>;
  void read_rating_changes(changes_done done);
  // Appends one accepted move; `done` runs on the strand once it is durable, or failed.
  void record_move(move_row row, std::function<void(journal_status)> done);
  // Takes back every move from ply `from_ply` on (kept in the journal's takebacks); `done` runs
  // on the strand once that is durable, or failed.
  void record_takeback(int from_ply, std::function<void(journal_status)> done);

 private:
  using write_op = std::function<journal_status(journal&)>;
  using done_op = std::function<void(journal_status)>;
  // Queues `op` with the fencing check before it when fencing is on. `seats`: op is
  // update_seats, which a later one of this room may supersede; else op touches only this
  // room's rows.
  void write(write_op op, done_op done, bool seats = false);

  journal_writer* writer_;
  const room_observer* owner_ = nullptr;
  std::function<void()> lost_;
  std::string room_id_;
  boost::asio::any_io_executor strand_;
};

}  // namespace ringside::server
