#include "protocol/state.hpp"

#include "protocol/game_document.hpp"

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
json player_json(const std::optional<player_view>& p) {
  if (!p) return nullptr;
  json j(json::value_t::object);
  j["name"] = p->name;
  j["online"] = p->online;
  j["guest"] = p->guest;
  if (p->computer_level > 0) {
    j["computer"] = true;
    j["level"] = p->computer_level;
  }
  j["clock_ms"] = p->clock_ms ? json(*p->clock_ms) : json(nullptr);
  if (p->rating) {
    j["rating"] = *p->rating;
    if (p->provisional) j["provisional"] = true;
  }
  if (p->rating_change) j["rating_change"] = *p->rating_change;
  if (p->clock_started) j["clock_started"] = *p->clock_started;
  if (p->deadline) j["deadline"] = *p->deadline;
  return j;
}

json result_json(const std::optional<result_view>& r) {
  if (!r) return nullptr;
  json j(json::value_t::object);
  j["reason"] = r->reason;
  j["winner"] = r->winner == 0 ? json(nullptr) : json(r->winner);
  if (r->score) j["score"] = json::array({(*r->score)[0], (*r->score)[1]});
  return j;
}

json build_state(const room_view& view, const any_game& g) {
  json state(json::value_t::object);
  state["room"] = view.room;
  state["game"] = std::string(g.name());
  state["variant"] = std::string(g.variant_name());
  state["status"] = std::string(to_string(view.status));
  state["rated"] = view.rated;
  state["players"] = json::array({player_json(view.players[0]), player_json(view.players[1])});
  state["spectators"] = view.spectators;
  state["to_move"] = g.to_move();
  state["ply"] = g.ply();
  state["history"] = g.history();
  state["history_by"] = g.history_by();
  state["draw_offer"] = view.draw_offer ? json(*view.draw_offer) : json(nullptr);
  state["result"] = result_json(view.result);
  state["takebacks"] = view.takebacks;
  state["takeback_offer"] = view.takeback_offer ? json(*view.takeback_offer) : json(nullptr);
  state["rematch_offer"] = view.rematch_offer ? json(*view.rematch_offer) : json(nullptr);
  state["rematch"] = view.rematch ? json(*view.rematch) : json(nullptr);
  std::visit(
      [&](const auto& game) {
        using G = std::decay_t<decltype(game)>;
        game_document<G>::write(game, last_report<G>(view.last_move), state);
      },
      g.get());
  return state;
}

}  // namespace ringside::protocol
