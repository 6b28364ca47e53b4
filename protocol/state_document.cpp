#include "protocol/state_document.hpp"

#include <string_view>
#include <utility>

namespace ringside::protocol {

// Not `json`: inside members that name is the json() accessor.
using njson = nlohmann::json;

namespace {

// A JSON Pointer reference token (RFC 6901): '~' and '/' must be escaped in a path.
std::string escape_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// Applies a replace to `slot`, the document's value at `path`, and records it.
void replace(patch_ops& ops, std::string_view path, njson& slot, njson value) {
  slot = std::move(value);
  ops.append("replace", path, &slot);
}

const char* const colour_keys[3] = {"W", "G", "B"};

// Per-colour replaces, as a client would expect from a diff: "/pool/G" rather than "/pool".
void diff_counts(const zertz::marble_counts& before, const zertz::marble_counts& after,
                 const std::string& path, njson& slot, patch_ops& ops) {
  for (std::size_t c = 0; c < 3; ++c) {
    if (before.n[c] == after.n[c]) continue;
    replace(ops, path + "/" + colour_keys[c], slot[colour_keys[c]], after.n[c]);
  }
}

bool same_report(const std::optional<zertz::move_report>& a,
                 const std::optional<zertz::move_report>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  return a->text == b->text && a->by == b->by && a->captured == b->captured &&
         a->isolated == b->isolated && a->removed == b->removed;
}

njson optional_int_json(const std::optional<int>& v) {
  return v ? njson(*v) : njson(nullptr);
}

}  // namespace

state_document::state_document(const room_view& view, const zertz::game& g)
    : facts_(read(view, g)), doc_(build_state(view, g)) {}

void state_document::reset(const room_view& view, const zertz::game& g) {
  facts_ = read(view, g);
  doc_ = build_state(view, g);
}

state_document::facts state_document::read(const room_view& view, const zertz::game& g) {
  facts f = read_room(view, g);
  read_position(g, f);
  return f;
}

state_document::facts state_document::read_room(const room_view& view, const zertz::game& g) {
  facts f;
  f.room = view.room;
  f.rules = g.rules();
  f.board = g.board_rings();
  f.status = view.status;
  f.players = view.players;
  f.spectators = view.spectators;
  f.to_move = g.to_move();
  f.ply = g.ply();
  f.zip = g.zip();
  f.last_move = view.last_move;
  f.draw_offer = view.draw_offer;
  f.result = view.result;
  return f;
}

void state_document::read_position(const zertz::game& g, facts& f) {
  f.rings = g.rings();
  f.pool = g.pool();
  f.captured = {g.captured(1), g.captured(2)};
  f.must_capture = g.must_capture();
  f.captures = g.capture_chains();
  f.removable = g.removable();
}

patch_ops state_document::update(const room_view& view, const zertz::game& g) {
  patch_ops ops;
  if (doc_.is_null()) {
    reset(view, g);
    ops.append("replace", "", &doc_);
    return ops;
  }
  facts next = read_room(view, g);
  // Rings, pool, captures and the lists derived from them are functions of the position, which
  // the ZIP (with variant and board) pins down. Joins, presence, clocks and spectators leave it
  // alone, and then the engine is not asked for them again nor are they compared.
  const bool moved =
      next.zip != facts_.zip || next.rules != facts_.rules || next.board != facts_.board;
  if (moved) {
    read_position(g, next);
  } else {
    next.rings = std::move(facts_.rings);
    next.pool = facts_.pool;
    next.captured = facts_.captured;
    next.must_capture = facts_.must_capture;
    next.captures = std::move(facts_.captures);
    next.removable = std::move(facts_.removable);
  }
  if (next.room != facts_.room) replace(ops, "/room", doc_["room"], next.room);
  if (next.rules != facts_.rules) {
    replace(ops, "/variant", doc_["variant"], std::string(zertz::to_string(next.rules)));
  }
  if (next.board != facts_.board) replace(ops, "/board", doc_["board"], next.board);
  if (next.status != facts_.status) {
    replace(ops, "/status", doc_["status"], std::string(to_string(next.status)));
  }
  diff_players(next, ops);
  if (next.spectators != facts_.spectators) {
    replace(ops, "/spectators", doc_["spectators"], next.spectators);
  }
  if (next.to_move != facts_.to_move) replace(ops, "/to_move", doc_["to_move"], next.to_move);
  if (next.ply != facts_.ply) replace(ops, "/ply", doc_["ply"], next.ply);
  if (moved) diff_position(next, ops);
  diff_history(g.history(), ops);
  if (next.zip != facts_.zip) replace(ops, "/zip", doc_["zip"], next.zip);
  if (!same_report(next.last_move, facts_.last_move)) {
    replace(ops, "/last_move", doc_["last_move"], last_move_json(next.last_move));
  }
  if (next.draw_offer != facts_.draw_offer) {
    replace(ops, "/draw_offer", doc_["draw_offer"], optional_int_json(next.draw_offer));
  }
  if (next.result != facts_.result) {
    replace(ops, "/result", doc_["result"], result_json(next.result));
  }
  facts_ = std::move(next);
  return ops;
}

void state_document::diff_position(const facts& next, patch_ops& ops) {
  diff_rings(next, ops);
  diff_counts(facts_.pool, next.pool, "/pool", doc_["pool"], ops);
  for (std::size_t s = 0; s < 2; ++s) {
    diff_counts(facts_.captured[s], next.captured[s], "/captured/" + std::to_string(s),
                doc_["captured"][s], ops);
  }
  if (next.must_capture != facts_.must_capture) {
    replace(ops, "/must_capture", doc_["must_capture"], next.must_capture);
  }
  // Chains and free rings are recomputed by the engine each move and change wholesale;
  // element-wise ops would be no smaller than the new list.
  if (next.captures != facts_.captures) replace(ops, "/captures", doc_["captures"], next.captures);
  if (next.removable != facts_.removable) {
    replace(ops, "/removable", doc_["removable"], next.removable);
  }
}

void state_document::diff_players(const facts& next, patch_ops& ops) {
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& before = facts_.players[i];
    const auto& after = next.players[i];
    if (before == after) continue;
    const std::string path = "/players/" + std::to_string(i);
    njson& slot = doc_["players"][i];
    if (!before || !after) {
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

void state_document::diff_rings(const facts& next, patch_ops& ops) {
  // Rings only leave the board during a game, and both lists are in the engine's cell order,
  // so one walk pairs them up: a previous ring with no partner was removed. When the new list
  // is not such a subsequence (another game in the room), the whole map is replaced.
  std::size_t j = 0;
  for (const auto& before : facts_.rings) {
    if (j < next.rings.size() && next.rings[j].cell == before.cell) ++j;
  }
  njson& rings = doc_["rings"];
  if (j != next.rings.size()) {
    njson fresh = njson::object();
    for (const auto& r : next.rings) fresh[r.cell] = occupant_text(r.occupant);
    replace(ops, "/rings", rings, std::move(fresh));
    return;
  }
  j = 0;
  for (const auto& before : facts_.rings) {
    if (j < next.rings.size() && next.rings[j].cell == before.cell) {
      const auto& after = next.rings[j++];
      if (after.occupant != before.occupant) {
        replace(ops, "/rings/" + escape_token(after.cell), rings[after.cell],
                occupant_text(after.occupant));
      }
      continue;
    }
    rings.erase(before.cell);
    ops.append("remove", "/rings/" + escape_token(before.cell), nullptr);
  }
}

void state_document::diff_history(const std::vector<std::string>& history, patch_ops& ops) {
  njson& doc_history = doc_["history"];
  const std::size_t known = doc_history.size();
  bool grows = history.size() >= known;
  for (std::size_t i = 0; grows && i < known; ++i) {
    grows = doc_history[i].get_ref<const std::string&>() == history[i];
  }
  if (!grows) {
    replace(ops, "/history", doc_history, history);
    return;
  }
  // History only grows in a game: append with "-" so the patch does not repeat it.
  for (std::size_t i = known; i < history.size(); ++i) {
    doc_history.push_back(history[i]);
    ops.append("add", "/history/-", &doc_history.back());
  }
}

}  // namespace ringside::protocol
