#include "protocol/position_list.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

// A position's document without the history, which the answer gives once.
json without_history(json doc) {
  doc.erase("history");
  doc.erase("history_by");
  return doc;
}

}  // namespace

expected<json> build_positions(const room_view& now, any_game start,
                               const std::vector<std::string>& moves) {
  // Before the last position the game was being played: no result, no offer, and clocks the
  // room does not keep per ply (null rather than a guess). Presence, spectators and offers
  // are left out of every position, the last too: they are the live document's, and without
  // them the answer changes only with a move or the end, so it can be kept until then.
  room_view during;
  during.room = now.room;
  during.status = room_status::playing;
  for (std::size_t i = 0; i < 2; ++i) {
    if (const auto& p = now.players[i]) {
      during.players[i] = player_view{p->name, false, {}, p->computer_level};
    }
  }
  json positions = json::array();
  any_game g = std::move(start);
  auto add_position = [&](const room_view& v) {
    // Forced passes the engine played with the move: their plies show the same board.
    const auto doc = without_history(build_state(v, g));
    while (static_cast<int>(positions.size()) <= g.ply()) positions.push_back(doc);
  };
  room_view last = during;
  last.status = now.status;
  last.result = now.result;
  positions.push_back(without_history(build_state(moves.empty() ? last : during, g)));
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto report = g.play(moves[i]);
    if (!report) {
      return fail("move " + std::to_string(i + 1) + " " + moves[i] + ": " + report.error());
    }
    room_view& v = i + 1 == moves.size() ? last : during;
    v.last_move = std::move(*report);
    add_position(v);
  }
  json out(json::value_t::object);
  out["room"] = now.room;
  out["game"] = std::string(g.name());
  out["variant"] = std::string(g.variant_name());
  out["status"] = std::string(to_string(now.status));
  out["ply"] = g.ply();
  out["history"] = g.history();
  out["history_by"] = g.history_by();
  out["positions"] = std::move(positions);
  return out;
}

}  // namespace ringside::protocol
