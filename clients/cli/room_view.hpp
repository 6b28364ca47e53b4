#pragma once
// room_view — the client's copy of one room: the state document at one version, kept current
// by the server's patches. It never judges a move; it only mirrors what the server says.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ringside::cli {

class room_view {
 public:
  enum class patch_outcome {
    applied,  // the state is now at the patch's version
    stale,    // the patch is for a version we already have (e.g. it raced a snapshot)
    gap,      // a version was skipped: the caller must send `sync`
    failed,   // the ops did not apply to our copy: the caller must send `sync`
  };

  explicit room_view(std::string id) : id_(std::move(id)) {}

  // Replaces the state wholesale, as a `joined` or `snapshot` does.
  void reset(nlohmann::json state, std::int64_t version);

  // Applies an RFC 6902 patch that turns version-1 into `version`. On failure the copy is
  // left as it was, so it is never half-patched.
  patch_outcome apply(const nlohmann::json& ops, std::int64_t version);

  const std::string& id() const { return id_; }
  const nlohmann::json& state() const { return state_; }
  std::int64_t version() const { return version_; }
  bool has_state() const { return version_ >= 0; }

  // Our seat (1 or 2), or empty while we only watch.
  std::optional<int> seat() const { return seat_; }
  void set_seat(std::optional<int> seat) { seat_ = seat; }

  // Convenience reads of the state; neutral values when a field is missing.
  std::string status() const;
  int to_move() const;
  bool finished() const { return status() == "finished"; }
  bool my_turn() const;
  std::vector<std::string> cells() const;           // the keys of `rings`: rings still on the board
  std::vector<std::string> capture_tokens() const;  // `captures` as typable ZEN tokens

  // Set once the result has been announced, so it is announced once per room.
  bool result_announced = false;
  // True while a `sync` is outstanding; patches are dropped until its snapshot lands.
  bool syncing = false;

 private:
  std::string id_;
  nlohmann::json state_ = nlohmann::json::object();
  std::int64_t version_ = -1;
  std::optional<int> seat_;
};

}  // namespace ringside::cli
