#pragma once
// event_sink — what a user interface (the readline terminal, or the script runner) hears
// from the client session. The session has already updated its rooms when these fire.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ringside::cli {

class room_view;
struct room_event;

// failed: the first connection never got through; the session has stopped for good.
enum class link_status { connecting, connected, reconnecting, failed };

class event_sink {
 public:
  virtual ~event_sink() = default;
  // Every message from the server, in arrival order; `room` is the room it concerns, if any.
  virtual void on_message(const nlohmann::json& msg, const room_view* room) = 0;
  // The connection changed state; `detail` is a sentence for the user.
  virtual void on_link(link_status status, const std::string& detail) = 0;
  // A game ended (or was found ended); fires once per room.
  virtual void on_result(const room_view& room) = 0;
  // Something the client did on its own, such as re-syncing after a missed patch.
  virtual void on_note(const std::string& text) = 0;
  // What changed in `room` that a person should hear about (joins, presence, draw offers),
  // after on_message for the patch or snapshot that changed it.
  virtual void on_events(const room_view& room, const std::vector<room_event>& events) {
    (void)room;
    (void)events;
  }
};

}  // namespace ringside::cli
