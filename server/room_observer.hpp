#pragma once
// room_observer: what the rest of a cluster needs to hear from this server's rooms: which rooms
// this node holds, and the frames each room sends its members (for members on other nodes).
// Called from the registry's and the rooms' strands alike: an implementation posts to its own.

#include <memory>
#include <string>

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
};

}  // namespace ringside::server
