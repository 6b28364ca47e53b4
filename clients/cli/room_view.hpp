#pragma once
// room_view — the terminal's view of one room: the shared room mirror (state at one version,
// kept current by the server's patches) plus what only this client tracks (our seat, whether
// the result was announced) and convenient reads of the state. It never judges a move.

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "clients/common/room_mirror.hpp"

namespace ringside::cli {

class room_view {
 public:
  using patch_outcome = client::room_mirror::patch_outcome;

  explicit room_view(std::string id) : id_(std::move(id)) {}

  // Replaces the state wholesale, as a `joined` does.
  void reset(nlohmann::json state, std::int64_t version) {
    mirror_.reset(std::move(state), version);
  }
  // Takes a `snapshot` (see room_mirror::adopt); false when it was older than our copy.
  bool adopt(nlohmann::json state, std::int64_t version) {
    return mirror_.adopt(std::move(state), version);
  }
  // Applies an RFC 6902 patch that turns version-1 into `version`. On failure the copy is
  // left as it was, so it is never half-patched.
  patch_outcome apply(const nlohmann::json& ops, std::int64_t version) {
    return mirror_.apply(ops, version);
  }
  // A `sync` is outstanding: patches are dropped until its snapshot lands.
  void await_snapshot() { mirror_.await_snapshot(); }
  bool syncing() const { return mirror_.awaiting_snapshot(); }

  const std::string& id() const { return id_; }
  const nlohmann::json& state() const { return mirror_.state(); }
  std::int64_t version() const { return mirror_.version(); }
  bool has_state() const { return mirror_.has_state(); }

  // Our seat (1 or 2), or empty while we only watch.
  std::optional<int> seat() const { return seat_; }
  void set_seat(std::optional<int> seat) { seat_ = seat; }

  // Convenience reads of the state; neutral values when a field is missing.
  std::string status() const;
  int to_move() const;
  bool finished() const { return status() == "finished"; }
  bool my_turn() const;
  std::string game() const;  // "zertz", "dvonn", or empty

  // Called after every change of the state, with the time the turn began as far as we know
  // (when it arrived, less the server's clock_elapsed_ms on a joined or snapshot): a new turn
  // (or new clock values) restarts the count of the running clock from there.
  void note_change(std::chrono::steady_clock::time_point now);
  // The clock of `seat` at `now`, in ms: the state's value, minus the time since the turn
  // began for the side to move (the server charges it at the move; clients count it down).
  // Empty in untimed rooms.
  std::optional<long long> clock_ms(int seat, std::chrono::steady_clock::time_point now) const;

  // Set once the result has been announced, so it is announced once per room.
  bool result_announced = false;
  // The ply at which the 10-second warning was last given, so it comes once per turn.
  int warned_ply = -1;

 private:
  std::string id_;
  client::room_mirror mirror_;
  std::optional<int> seat_;
  nlohmann::json turn_key_;  // status, to_move, ply and both clocks when the count started
  std::chrono::steady_clock::time_point turn_since_{};
};

}  // namespace ringside::cli
