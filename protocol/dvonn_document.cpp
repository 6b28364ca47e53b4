#include "protocol/dvonn_document.hpp"

#include <utility>

#include "engine/dvonn/board.hpp"
#include "protocol/document_edit.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

// {"D": n, "W": n} for player 1, {"D": n, "B": n} for player 2.
json supply_json(const dvonn::supply& s) {
  json j(json::value_t::object);
  j["D"] = s.dvonn;
  j[std::string(1, s.colour)] = s.own;
  return j;
}

json stacks_json(const std::vector<dvonn::stack_view>& stacks) {
  json j = json::object();
  for (const auto& s : stacks) j[s.cell] = s.pieces;
  return j;
}

json last_move_json(const dvonn::move_report* m) {
  if (m == nullptr) return nullptr;
  json j(json::value_t::object);
  j["move"] = m->text;
  j["by"] = m->by;
  j["removed"] = stacks_json(m->removed);
  return j;
}

bool same_report(const std::optional<dvonn::move_report>& a, const dvonn::move_report* b) {
  if (a.has_value() != (b != nullptr)) return false;
  return !a || (a->text == b->text && a->by == b->by && a->removed == b->removed);
}

std::array<int, 2> score_of(const dvonn::game& g) {
  return g.score().value_or(std::array<int, 2>{});
}

}  // namespace

void game_document<dvonn::game>::write(const dvonn::game& g, const dvonn::move_report* last,
                                       json& doc) {
  const auto score = score_of(g);
  doc["phase"] = std::string(dvonn::to_string(g.phase()));
  doc["placed"] = g.placed();
  doc["stacks"] = stacks_json(g.stacks());
  doc["to_place"] = json::array({supply_json(g.to_place(1)), supply_json(g.to_place(2))});
  doc["legal"] = g.legal_moves();
  doc["score"] = json::array({score[0], score[1]});
  doc["position"] = g.position_text();
  doc["last_move"] = last_move_json(last);
}

game_document<dvonn::game>::facts game_document<dvonn::game>::read(const dvonn::game& g) {
  facts f;
  f.position = g.position_text();
  f.phase = g.phase();
  f.placed = g.placed();
  f.stacks = g.stacks();
  f.to_place = {g.to_place(1), g.to_place(2)};
  f.legal = g.legal_moves();
  f.score = score_of(g);
  return f;
}

void game_document<dvonn::game>::reset(const dvonn::game& g, const dvonn::move_report* last) {
  facts_ = read(g);
  if (last != nullptr) facts_.last_move = *last;
}

void game_document<dvonn::game>::update(const dvonn::game& g, const dvonn::move_report* last,
                                        json& doc, patch_ops& ops) {
  // Everything but last_move is a function of the position text (stacks, side to move and
  // pieces placed; a finished game has no legal moves, and that follows from the stacks too).
  // Joins, presence, clocks and spectators leave it alone and cost one string compare here.
  const std::string position = g.position_text();
  if (position != facts_.position) {
    facts next = read(g);
    if (next.phase != facts_.phase) {
      replace(ops, "/phase", doc["phase"], std::string(dvonn::to_string(next.phase)));
    }
    if (next.placed != facts_.placed) replace(ops, "/placed", doc["placed"], next.placed);
    diff_stacks(next, doc, ops);
    for (std::size_t s = 0; s < 2; ++s) {
      const auto& before = facts_.to_place[s];
      const auto& after = next.to_place[s];
      if (before == after) continue;
      const std::string path = "/to_place/" + std::to_string(s);
      json& slot = doc["to_place"][s];
      if (before.colour != after.colour) {
        replace(ops, path, slot, supply_json(after));
        continue;
      }
      if (before.dvonn != after.dvonn) replace(ops, path + "/D", slot["D"], after.dvonn);
      const std::string own(1, after.colour);
      if (before.own != after.own) replace(ops, path + "/" + own, slot[own], after.own);
    }
    // While pieces are placed a move takes one vacant cell from the list; once they move, the
    // list changes sides each move and edit_list falls back to replacing it.
    edit_list(ops, "/legal", doc["legal"], facts_.legal, next.legal);
    for (std::size_t s = 0; s < 2; ++s) {
      if (next.score[s] != facts_.score[s]) {
        replace(ops, "/score/" + std::to_string(s), doc["score"][s], next.score[s]);
      }
    }
    // `add`, as ZÈRTZ's zip: harmless to a lean client that has no position text.
    doc["position"] = next.position;
    ops.append_unless_lean("add", "/position", &doc["position"]);
    next.last_move = std::move(facts_.last_move);
    facts_ = std::move(next);
  }
  if (!same_report(facts_.last_move, last)) {
    facts_.last_move = last != nullptr ? std::optional<dvonn::move_report>(*last) : std::nullopt;
    replace(ops, "/last_move", doc["last_move"], last_move_json(last));
  }
}

void game_document<dvonn::game>::diff_stacks(const facts& next, json& doc, patch_ops& ops) {
  // Both lists are in field order: one merge walk finds the stacks that appeared (placed or
  // landed on), changed (moved onto) and left (moved away or cut off).
  json& stacks = doc["stacks"];
  auto before = facts_.stacks.begin();
  auto after = next.stacks.begin();
  const auto order = [](const std::string& cell) { return dvonn::find_square(cell); };
  while (before != facts_.stacks.end() || after != next.stacks.end()) {
    const bool take_after =
        before == facts_.stacks.end() ||
        (after != next.stacks.end() && order(after->cell) < order(before->cell));
    const bool take_before =
        after == next.stacks.end() ||
        (before != facts_.stacks.end() && order(before->cell) < order(after->cell));
    if (take_after) {
      const std::string path = "/stacks/" + escape_token(after->cell);
      stacks[after->cell] = after->pieces;
      ops.append("add", path, &stacks[after->cell]);
      ++after;
    } else if (take_before) {
      stacks.erase(before->cell);
      ops.append("remove", "/stacks/" + escape_token(before->cell), nullptr);
      ++before;
    } else {
      if (before->pieces != after->pieces) {
        replace(ops, "/stacks/" + escape_token(after->cell), stacks[after->cell], after->pieces);
      }
      ++before;
      ++after;
    }
  }
}

}  // namespace ringside::protocol
