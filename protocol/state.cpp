#include "protocol/state.hpp"

namespace ringside::protocol {

using nlohmann::json;

std::string_view to_string(room_status s) {
  switch (s) {
    case room_status::waiting:
      return "waiting";
    case room_status::playing:
      return "playing";
    case room_status::finished:
      return "finished";
  }
  return "waiting";
}

// The parts are built by assignment: nlohmann's initializer-list constructor deep-copies every
// element, and these run for every move (state_document) and every snapshot.
json marble_counts_json(const zertz::marble_counts& c) {
  json j(json::value_t::object);
  j["W"] = c.n[0];
  j["G"] = c.n[1];
  j["B"] = c.n[2];
  return j;
}

json player_json(const std::optional<player_view>& p) {
  if (!p) return nullptr;
  json j(json::value_t::object);
  j["name"] = p->name;
  j["online"] = p->online;
  j["clock_ms"] = p->clock_ms ? json(*p->clock_ms) : json(nullptr);
  return j;
}

json last_move_json(const std::optional<zertz::move_report>& m) {
  if (!m) return nullptr;
  json j(json::value_t::object);
  j["move"] = m->text;
  j["by"] = m->by;
  j["captured"] = marble_counts_json(m->captured);
  j["isolated"] = m->isolated;
  j["removed"] = m->removed ? json(*m->removed) : json(nullptr);
  return j;
}

json result_json(const std::optional<result_view>& r) {
  if (!r) return nullptr;
  json j(json::value_t::object);
  j["reason"] = r->reason;
  j["winner"] = r->winner == 0 ? json(nullptr) : json(r->winner);
  return j;
}

std::string occupant_text(const std::optional<zertz::marble>& m) {
  return m ? std::string(1, zertz::to_char(*m)) : std::string();
}

json build_state(const room_view& view, const zertz::game& g) {
  json rings = json::object();
  for (const auto& r : g.rings()) {
    rings[r.cell] = occupant_text(r.occupant);
  }
  json state{
      {"room", view.room},
      {"game", "zertz"},
      {"variant", std::string(zertz::to_string(g.rules()))},
      {"board", g.board_rings()},
      {"status", std::string(to_string(view.status))},
      {"players", json::array({player_json(view.players[0]), player_json(view.players[1])})},
      {"spectators", view.spectators},
      {"to_move", g.to_move()},
      {"ply", g.ply()},
      {"rings", std::move(rings)},
      {"pool", marble_counts_json(g.pool())},
      {"captured",
       json::array({marble_counts_json(g.captured(1)), marble_counts_json(g.captured(2))})},
      {"must_capture", g.must_capture()},
      {"captures", g.capture_chains()},
      {"removable", g.removable()},
      {"history", g.history()},
      {"zip", g.zip()},
  };
  state["last_move"] = last_move_json(view.last_move);
  state["draw_offer"] = view.draw_offer ? json(*view.draw_offer) : json(nullptr);
  state["result"] = result_json(view.result);
  return state;
}

}  // namespace ringside::protocol
