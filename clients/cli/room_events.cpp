#include "clients/cli/room_events.hpp"

#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

room_facts facts_of(const json& state) {
  room_facts f;
  const json& players = field(state, "players");
  for (std::size_t i = 0; i < 2; ++i) {
    const json& p = players.is_array() && players.size() > i ? players[i] : null_json();
    if (!p.is_object()) continue;
    f.names[i] = visible(field_string(p, "name"));
    const json& online = field(p, "online");
    f.online[i] = !online.is_boolean() || online.get<bool>();
  }
  const json& offer = field(state, "draw_offer");
  f.draw_offer = offer.is_number_integer() ? offer.get<int>() : 0;
  const json& takeback = field(state, "takeback_offer");
  f.takeback_offer = takeback.is_number_integer() ? takeback.get<int>() : 0;
  const json& rematch_offer = field(state, "rematch_offer");
  f.rematch_offer = rematch_offer.is_number_integer() ? rematch_offer.get<int>() : 0;
  f.rematch = visible(field_string(state, "rematch"));
  f.status = field_string(state, "status");
  return f;
}

std::vector<room_event> events_between(const room_facts& before, const room_facts& after) {
  std::vector<room_event> out;
  for (std::size_t i = 0; i < 2; ++i) {
    const int seat = static_cast<int>(i) + 1;
    if (!after.names[i]) continue;
    const std::string& name = *after.names[i];
    if (!before.names[i]) {
      out.push_back({room_event::kind::joined, seat, name});
    } else if (before.online[i] && !after.online[i]) {
      out.push_back({room_event::kind::away, seat, name});
    } else if (!before.online[i] && after.online[i]) {
      out.push_back({room_event::kind::back, seat, name});
    }
  }
  if (before.status == "waiting" && after.status == "playing")
    out.push_back({room_event::kind::started, 0, {}});
  if (after.status == "playing" && after.draw_offer != before.draw_offer) {
    if (after.draw_offer == 1 || after.draw_offer == 2) {
      const auto i = static_cast<std::size_t>(after.draw_offer - 1);
      out.push_back({room_event::kind::draw_offered, after.draw_offer,
                     after.names[i] ? *after.names[i] : "seat " + std::to_string(i + 1)});
    } else {
      out.push_back({room_event::kind::draw_off, 0, {}});
    }
  }
  const auto name_of = [&](int seat) {
    const auto i = static_cast<std::size_t>(seat - 1);
    return after.names[i] ? *after.names[i] : "seat " + std::to_string(seat);
  };
  if (after.takeback_offer != before.takeback_offer) {
    if (after.takeback_offer == 1 || after.takeback_offer == 2) {
      out.push_back(
          {room_event::kind::takeback_asked, after.takeback_offer, name_of(after.takeback_offer)});
    } else if (after.status == "playing") {
      out.push_back({room_event::kind::takeback_off, 0, {}});
    }
  }
  if (after.rematch_offer != before.rematch_offer &&
      (after.rematch_offer == 1 || after.rematch_offer == 2)) {
    out.push_back(
        {room_event::kind::rematch_offered, after.rematch_offer, name_of(after.rematch_offer)});
  }
  if (!after.rematch.empty() && after.rematch != before.rematch)
    out.push_back({room_event::kind::rematch_made, 0, after.rematch});
  return out;
}

std::string event_text(const room_event& e, std::optional<int> my_seat, const room_facts& now) {
  const bool me = my_seat && *my_seat == e.seat;
  switch (e.what) {
    case room_event::kind::joined:
      return me ? "You sit in seat " + std::to_string(e.seat) + "."
                : e.name + " took seat " + std::to_string(e.seat) + ".";
    case room_event::kind::away:
      return e.name + " is away (connection lost); their seat and clock stay.";
    case room_event::kind::back:
      return e.name + " is back.";
    case room_event::kind::started: {
      const std::string first = now.names[0] ? *now.names[0] : "seat 1";
      const std::string second = now.names[1] ? *now.names[1] : "seat 2";
      std::string line =
          "The game starts: " + first + " vs " + second + ", " + first + " moves first.";
      if (my_seat == 1) line += " That is you.";
      return line;
    }
    case room_event::kind::draw_offered:
      if (me) return "You offered a draw; it stands until the next move.";
      if (my_seat)
        return e.name + " offers a draw: type `draw` to accept, or `decline` (or just move).";
      return e.name + " offers a draw.";
    case room_event::kind::takeback_asked:
      if (me) return "You asked to take back your last move; the other player answers.";
      if (my_seat)
        return e.name + " asks to take back their last move: type `takeback` to accept, or "
                        "`decline`.";
      return e.name + " asks to take back their last move.";
    case room_event::kind::takeback_off:
      return "The takeback request is off the table.";
    case room_event::kind::rematch_offered:
      if (me) return "You offered a rematch; the other player answers.";
      if (my_seat) return e.name + " offers a rematch: type `rematch` to accept, or `decline`.";
      return e.name + " offers a rematch.";
    case room_event::kind::rematch_made:
      return "The rematch is played in room " + e.name +
             (my_seat ? " (you are seated there)." : std::string(": `watch " + e.name + "`."));
    case room_event::kind::draw_off:
      return "The draw offer is off the table.";
  }
  return {};
}

}  // namespace ringside::cli
