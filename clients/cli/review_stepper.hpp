#pragma once
// review_stepper — `review ROOM`: one game's positions as the server gave them
// (`GET /api/rooms/ROOM/positions`, docs/protocol.md) and the ply being looked at. The client
// knows no rules; it only steps through the documents and draws them as it draws a room.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::cli {

class review_stepper {
 public:
  // The `positions` answer; empty when it is not one (then nothing can be shown).
  static std::optional<review_stepper> from_answer(const std::string& body);

  const std::string& room() const { return room_; }
  int ply() const { return ply_; }
  int last() const { return last_; }
  // `n`/`next`, `p`/`prev`, `first`, `last` or a ply number: moves and returns true; false
  // for any other word (the line is then an ordinary command).
  bool step(std::string_view word);
  // The state document of the ply shown, its history cut to that ply, for render_room.
  nlohmann::json state() const;
  // "Review of k3x9: move 3 of 17 (Wd4-a1 by alice) · n, p, first, last, q".
  std::string where() const;

 private:
  nlohmann::json data_;
  std::string room_;
  int ply_ = 0;
  int last_ = 0;
};

}  // namespace ringside::cli
