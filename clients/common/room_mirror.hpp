#pragma once
// room_mirror — a client's copy of one room's state document at one version, kept current by
// the server's RFC 6902 patches (their ops in either form, patch_form.hpp). It judges nothing
// about the game; it only checks that each patch follows the version it holds (the wire
// protocol's ordering promise) and tells the caller when it must ask for the whole state again
// (`sync`).

#include <cstdint>
#include <nlohmann/json.hpp>

namespace ringside::client {

class room_mirror {
 public:
  enum class patch_outcome {
    applied,   // the state is now at the patch's version
    stale,     // a version we already have (e.g. it raced a snapshot): ignore it
    gap,       // a version was skipped, or there is no state yet: the caller must sync
    failed,    // the ops did not apply to our copy: the caller must sync
    awaiting,  // a sync is outstanding; patches are dropped until its snapshot is adopted
  };

  // What a failed patch leaves behind. keep_state patches a copy and keeps the old state on
  // failure (a person's screen keeps a whole position); patch_in_place saves that copy per
  // patch (the load generator) and drops the state on failure until the next snapshot.
  enum class on_failure { keep_state, patch_in_place };

  explicit room_mirror(on_failure policy = on_failure::keep_state) : policy_(policy) {}

  // Takes the state wholesale, unconditionally (a `joined`).
  void reset(nlohmann::json state, std::int64_t version);
  // Takes a `snapshot`: always when one was asked for (await_snapshot), otherwise only when
  // it is not older than what we hold (a server catching a slow client up). Returns whether
  // it was taken.
  bool adopt(nlohmann::json state, std::int64_t version);
  // Applies a patch that turns version-1 into `version`.
  patch_outcome apply(const nlohmann::json& ops, std::int64_t version);
  // The version bookkeeping of apply without the ops, for a watcher that keeps no state.
  patch_outcome advance(std::int64_t version);

  // A sync was sent: drop patches until a snapshot arrives.
  void await_snapshot() { awaiting_ = true; }
  bool awaiting_snapshot() const { return awaiting_; }
  // Forgets the room (left it).
  void clear();

  const nlohmann::json& state() const { return state_; }
  std::int64_t version() const { return version_; }
  bool has_state() const { return version_ >= 0; }

 private:
  patch_outcome check(std::int64_t version) const;

  on_failure policy_;
  nlohmann::json state_ = nlohmann::json::object();
  std::int64_t version_ = -1;
  bool awaiting_ = false;
};

}  // namespace ringside::client
