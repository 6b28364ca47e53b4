#pragma once
// room_observer: what the rest of a cluster needs to hear from this server's rooms: which rooms
// this node holds, and the frames each room sends its members (for members on other nodes).
// Called from the registry's and the rooms' strands alike: an implementation posts to its own.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace ringside::server {

class room_observer {
 public:
  virtual ~room_observer() = default;
  // A room came into this server's memory: created, a rematch, restored, or read back.
  virtual void room_opened(const std::string& id) = 0;
  // A room left this server's memory (finished and empty).
  virtual void room_closed(const std::string& id) = 0;
  // A frame the room sent every member: a patch of its state, or a chat line.
  virtual void room_frame(const std::string& id, std::shared_ptr<const std::string> frame) = 0;
  // Whether this server may commit a move in room `id` now: in a cluster, only while it holds
  // the room's lease (another node may own it otherwise). Any thread, and cheap.
  virtual bool may_commit(const std::string& id) const = 0;
  // The fencing epoch this server's writes to room `id` carry, checked by the store in the
  // same transaction (journal::fence_room); nullopt: no fencing (a single server).
  virtual std::optional<std::int64_t> write_epoch(const std::string& id) const {
    (void)id;
    return std::nullopt;
  }

  // What became of a room this server asked for that was not in its memory.
  struct absent_room {
    enum class outcome {
      claimed,      // this server holds it now with `epoch`: restore it from the store
      elsewhere,    // another live node owns it (`node`): the request belongs there
      unavailable,  // the cluster cannot say now (a single server always answers this)
    };
    outcome what = outcome::unavailable;
    std::int64_t epoch = 0;
    std::string node;
  };
  // Room `id` is not in memory but the store holds it unfinished: claims it when no node
  // holds it (its node died or left), or says who does. `fn` runs on any thread.
  virtual void claim_absent(const std::string& id, std::function<void(absent_room)> fn) {
    (void)id;
    fn(absent_room{});
  }
  // Room `id` is about to be created here: claims its lease before anybody can learn the id,
  // so a node asked for the room meanwhile finds its owner instead of adopting it from the
  // store. `fn(false)` when another node holds that id (the room must not be made); Redis
  // silent is no refusal (the room is claimed later, as every room then). Any thread.
  virtual void claim_new(const std::string& id, std::function<void(bool may_create)> fn) {
    (void)id;
    fn(true);
  }
  // This server restored room `id` after claim_absent (`restored`), or could not (then the
  // claim is given back).
  virtual void absent_restored(const std::string& id, bool restored) {
    (void)id;
    (void)restored;
  }
  // A takeover of room `id` was refused because the store has seen epoch `stored`, greater
  // than the claim's (the cluster's epochs started again, e.g. an empty Redis after a
  // restart): the next claim must start above it.
  virtual void epoch_behind_store(const std::string& id, std::int64_t stored) {
    (void)id;
    (void)stored;
  }

  // Room `id`'s lobby entry changed: `order` is its place in the list (wall-clock based, so
  // comparable between nodes) and `summary_json` its summary; empty when it left the list.
  virtual void room_listed(const std::string& id, std::uint64_t order,
                           const std::string& summary_json) {
    (void)id;
    (void)order;
    (void)summary_json;
  }
  // The lobby entries of every other node's rooms (room id -> listed_rooms entry text), for
  // the lobby to merge with this server's; fn(nullptr) when there are none to be had (a single
  // server, or Redis not answering). `fn` runs on any thread.
  using listed_elsewhere_fn =
      std::function<void(std::shared_ptr<const std::unordered_map<std::string, std::string>>)>;
  virtual void listed_elsewhere(listed_elsewhere_fn fn) { fn(nullptr); }
};

}  // namespace ringside::server
