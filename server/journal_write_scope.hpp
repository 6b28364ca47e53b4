#pragma once
// journal_write_scope: what one queued journal write touches, so the writer can tell when a
// later write makes an earlier one unobservable (see seat_write_fold).

#include <string>
#include <utility>

namespace ringside::server {

struct journal_write_scope {
  enum class kind {
    anything,    // may read or write any row: nothing folds across it
    room,        // reads and writes only the rows of `room` (a move, an ending, a takeback)
    room_seats,  // replaces the whole seat state of `room` (update_seats), nothing else
  };
  kind what = kind::anything;
  std::string room;

  static journal_write_scope anything() { return {}; }
  static journal_write_scope of_room(std::string id) { return {kind::room, std::move(id)}; }
  static journal_write_scope seats_of(std::string id) { return {kind::room_seats, std::move(id)}; }
};

}  // namespace ringside::server
