#pragma once
// room_events — what changed in a room that a person should be told about: someone took a
// seat, went away or came back, the game started, a draw was offered or the offer went. Found
// by comparing a few facts of the state before and after a patch or snapshot, so the client
// announces what the server's state says, nothing more.

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ringside::cli {

// The facts of a state that events are read from.
struct room_facts {
  std::array<std::optional<std::string>, 2> names;  // seat 1 and 2; empty while free
  std::array<bool, 2> online{};
  int draw_offer = 0;  // the seat offering, 0 for none
  int takeback_offer = 0;  // the seat asking to take its move back, 0 for none
  int rematch_offer = 0;   // the seat offering a rematch, 0 for none
  std::string rematch;     // the rematch's room, once made
  std::string status;
};

struct room_event {
  enum class kind {
    joined,
    away,
    back,
    started,
    draw_offered,
    draw_off,
    takeback_asked,
    takeback_off,
    rematch_offered,
    rematch_made
  } what;
  int seat = 0;      // whose event (the offering seat for draw_offered, 0 for started/draw_off)
  std::string name;  // that player's name, made visible()
};

room_facts facts_of(const nlohmann::json& state);

// The events that lead from `before` to `after`, in a fixed order (seats, then the game).
std::vector<room_event> events_between(const room_facts& before, const room_facts& after);

// The sentence for `e` as seen from `my_seat` (empty for a spectator): "bob offers a draw:
// type `draw` to accept, or `decline`", "bob is away (connection lost)", ...
std::string event_text(const room_event& e, std::optional<int> my_seat, const room_facts& now);

}  // namespace ringside::cli
