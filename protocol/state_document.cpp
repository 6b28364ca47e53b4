#include "protocol/state_document.hpp"

#include <string_view>
#include <utility>

#include "protocol/document_edit.hpp"

namespace ringside::protocol {

// Not `json`: inside members that name is the json() accessor.
using njson = nlohmann::json;

namespace {

njson optional_int_json(const std::optional<int>& v) {
  return v ? njson(*v) : njson(nullptr);
}

// The game part for `g`'s game, remembering `view`'s last move.
any_game_document game_part_of(const room_view& view, const any_game& g) {
  return std::visit(
      [&](const auto& game) -> any_game_document {
        using G = std::decay_t<decltype(game)>;
        game_document<G> part;
        part.reset(game, last_report<G>(view.last_move));
        return part;
      },
      g.get());
}

}  // namespace

state_document::state_document(const room_view& view, const any_game& g) {
  reset(view, g);
}

void state_document::reset(const room_view& view, const any_game& g) {
  facts_ = read(view, g);
  game_part_ = game_part_of(view, g);
  doc_ = build_state(view, g);
}

state_document::facts state_document::read(const room_view& view, const any_game& g) {
  facts f;
  f.room = view.room;
  f.game = g.name();
  f.variant = g.variant_name();
  f.status = view.status;
  f.rated = view.rated;
  f.players = view.players;
  f.spectators = view.spectators;
  f.to_move = g.to_move();
  f.ply = g.ply();
  f.draw_offer = view.draw_offer;
  f.result = view.result;
  f.takebacks = view.takebacks;
  f.takeback_offer = view.takeback_offer;
  f.rematch_offer = view.rematch_offer;
  f.rematch = view.rematch;
  return f;
}

patch_ops state_document::update(const room_view& view, const any_game& g) {
  patch_ops ops;
  if (doc_.is_null() || game_part_.index() != g.get().index()) {
    reset(view, g);
    ops.append("replace", "", &doc_);
    return ops;
  }
  facts next = read(view, g);
  if (next.room != facts_.room) replace(ops, "/room", doc_["room"], next.room);
  if (next.variant != facts_.variant) {
    replace(ops, "/variant", doc_["variant"], std::string(next.variant));
  }
  if (next.status != facts_.status) {
    replace(ops, "/status", doc_["status"], std::string(to_string(next.status)));
  }
  if (next.rated != facts_.rated) replace(ops, "/rated", doc_["rated"], next.rated);
  diff_players(next, ops);
  if (next.spectators != facts_.spectators) {
    replace(ops, "/spectators", doc_["spectators"], next.spectators);
  }
  if (next.to_move != facts_.to_move) replace(ops, "/to_move", doc_["to_move"], next.to_move);
  if (next.ply != facts_.ply) replace(ops, "/ply", doc_["ply"], next.ply);
  std::visit(
      [&](auto& part) {
        using G = typename std::decay_t<decltype(part)>::game_type;
        part.update(std::get<G>(g.get()), last_report<G>(view.last_move), doc_, ops);
      },
      game_part_);
  diff_history(g.history(), g.history_by(), ops);
  if (next.draw_offer != facts_.draw_offer) {
    replace(ops, "/draw_offer", doc_["draw_offer"], optional_int_json(next.draw_offer));
  }
  if (next.result != facts_.result) {
    replace(ops, "/result", doc_["result"], result_json(next.result));
  }
  diff_offers(next, ops);
  facts_ = std::move(next);
  return ops;
}

njson state_document::lean_json() const {
  njson lean = doc_;
  if (lean.is_object()) {
    std::visit([&](const auto& part) { lean.erase(std::decay_t<decltype(part)>::position_field); },
               game_part_);
  }
  return lean;
}

void state_document::diff_offers(const facts& next, patch_ops& ops) {
  if (next.takebacks != facts_.takebacks) {
    replace(ops, "/takebacks", doc_["takebacks"], next.takebacks);
  }
  if (next.takeback_offer != facts_.takeback_offer) {
    replace(ops, "/takeback_offer", doc_["takeback_offer"], optional_int_json(next.takeback_offer));
  }
  if (next.rematch_offer != facts_.rematch_offer) {
    replace(ops, "/rematch_offer", doc_["rematch_offer"], optional_int_json(next.rematch_offer));
  }
  if (next.rematch != facts_.rematch) {
    replace(ops, "/rematch", doc_["rematch"], next.rematch ? njson(*next.rematch) : njson(nullptr));
  }
}

void state_document::diff_players(const facts& next, patch_ops& ops) {
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& before = facts_.players[i];
    const auto& after = next.players[i];
    if (before == after) continue;
    const std::string path = "/players/" + std::to_string(i);
    njson& slot = doc_["players"][i];
    // A rating shows or changes once or twice a game, and the clock's start and a
    // correspondence deadline come and go as fields: the whole entry is small enough.
    if (!before || !after || before->computer_level != after->computer_level ||
        before->guest != after->guest || before->rating != after->rating ||
        before->provisional != after->provisional ||
        before->rating_change != after->rating_change ||
        before->clock_started != after->clock_started || before->deadline != after->deadline) {
      replace(ops, path, slot, player_json(after));
      continue;
    }
    // Presence and clocks change often; a field op keeps those patches small.
    if (before->name != after->name) replace(ops, path + "/name", slot["name"], after->name);
    if (before->online != after->online) {
      replace(ops, path + "/online", slot["online"], after->online);
    }
    if (before->clock_ms != after->clock_ms) {
      replace(ops, path + "/clock_ms", slot["clock_ms"],
              after->clock_ms ? njson(*after->clock_ms) : njson(nullptr));
    }
  }
}

void state_document::diff_history(const std::vector<std::string>& history,
                                  const std::vector<int>& history_by, patch_ops& ops) {
  njson& doc_history = doc_["history"];
  njson& doc_by = doc_["history_by"];
  const std::size_t known = doc_history.size();
  bool grows =
      history.size() >= known && history_by.size() == history.size() && doc_by.size() == known;
  for (std::size_t i = 0; grows && i < known; ++i) {
    grows = doc_history[i].get_ref<const std::string&>() == history[i] &&
            doc_by[i].get<int>() == history_by[i];
  }
  if (!grows) {
    replace(ops, "/history", doc_history, history);
    replace(ops, "/history_by", doc_by, history_by);
    return;
  }
  // History only grows in a game: append with "-" so the patch does not repeat it. Each entry
  // is followed by its seat, so a client applying a patch never sees the two arrays differ
  // in length between moves.
  for (std::size_t i = known; i < history.size(); ++i) {
    doc_history.push_back(history[i]);
    ops.append("add", "/history/-", &doc_history.back());
    doc_by.push_back(history_by[i]);
    ops.append("add", "/history_by/-", &doc_by.back());
  }
}

}  // namespace ringside::protocol
