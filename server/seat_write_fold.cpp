#include "server/seat_write_fold.hpp"

#include <map>
#include <string_view>

namespace ringside::server {

std::vector<std::size_t> seat_write_fold::plan(
    const std::vector<const journal_write_scope*>& scopes) {
  using kind = journal_write_scope::kind;
  std::vector<std::size_t> runs_as(scopes.size());
  // Walking back from the end: per room, the seat write that runs and that nothing queued
  // after the current position and before it may observe the room through.
  std::map<std::string_view, std::size_t, std::less<>> last_seats;
  for (std::size_t i = scopes.size(); i-- > 0;) {
    runs_as[i] = i;
    const journal_write_scope& s = *scopes[i];
    switch (s.what) {
      case kind::anything:
        last_seats.clear();
        break;
      case kind::room:
        last_seats.erase(s.room);
        break;
      case kind::room_seats:
        if (const auto later = last_seats.find(s.room); later != last_seats.end())
          runs_as[i] = later->second;
        else
          last_seats.emplace(s.room, i);
        break;
    }
  }
  return runs_as;
}

}  // namespace ringside::server
