#include "protocol/zertz_document.hpp"

#include <utility>

#include "protocol/document_edit.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

const char* const colour_keys[3] = {"W", "G", "B"};

// The parts are built by assignment: nlohmann's initializer-list constructor deep-copies every
// element, and these run for every move and every snapshot.
json marble_counts_json(const zertz::marble_counts& c) {
  json j(json::value_t::object);
  for (std::size_t i = 0; i < 3; ++i) j[colour_keys[i]] = c.n[i];
  return j;
}

// A ring's occupant: "W", "G", "B", or "" when vacant.
std::string occupant_text(const std::optional<zertz::marble>& m) {
  return m ? std::string(1, zertz::to_char(*m)) : std::string();
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

std::optional<zertz::move_report> copy_of(const zertz::move_report* r) {
  return r ? std::optional<zertz::move_report>(*r) : std::nullopt;
}

bool same_report(const std::optional<zertz::move_report>& a, const zertz::move_report* b) {
  if (a.has_value() != (b != nullptr)) return false;
  if (!a) return true;
  return a->text == b->text && a->by == b->by && a->captured == b->captured &&
         a->isolated == b->isolated && a->removed == b->removed;
}

// Per-colour replaces, as a client would expect from a diff: "/pool/G" rather than "/pool".
void diff_counts(const zertz::marble_counts& before, const zertz::marble_counts& after,
                 const std::string& path, json& slot, patch_ops& ops) {
  for (std::size_t c = 0; c < 3; ++c) {
    if (before.n[c] == after.n[c]) continue;
    replace(ops, path + "/" + colour_keys[c], slot[colour_keys[c]], after.n[c]);
  }
}

}  // namespace

void game_document<zertz::game>::write(const zertz::game& g, const zertz::move_report* last,
                                       json& doc) {
  json rings = json::object();
  for (const auto& r : g.rings()) rings[r.cell] = occupant_text(r.occupant);
  doc["board"] = g.board_rings();
  doc["rings"] = std::move(rings);
  doc["pool"] = marble_counts_json(g.pool());
  doc["captured"] =
      json::array({marble_counts_json(g.captured(1)), marble_counts_json(g.captured(2))});
  doc["must_capture"] = g.must_capture();
  doc["captures"] = g.capture_chains();
  doc["removable"] = g.removable();
  doc["zip"] = g.zip();
  doc["last_move"] = last_move_json(copy_of(last));
}

void game_document<zertz::game>::read_position(const zertz::game& g, facts& f) {
  f.rings = g.rings();
  f.pool = g.pool();
  f.captured = {g.captured(1), g.captured(2)};
  f.must_capture = g.must_capture();
  f.captures = g.capture_chains();
  f.removable = g.removable();
}

void game_document<zertz::game>::reset(const zertz::game& g, const zertz::move_report* last) {
  facts f;
  f.rules = g.rules();
  f.board = g.board_rings();
  f.zip = g.zip();
  read_position(g, f);
  f.last_move = copy_of(last);
  facts_ = std::move(f);
}

void game_document<zertz::game>::update(const zertz::game& g, const zertz::move_report* last,
                                        json& doc, patch_ops& ops) {
  facts next;
  next.rules = g.rules();
  next.board = g.board_rings();
  next.zip = g.zip();
  // Rings, pool, captures and the lists derived from them are functions of the position, which
  // the ZIP (with variant and board) pins down. Joins, presence, clocks and spectators leave it
  // alone, and then the engine is not asked for them again nor are they compared.
  const bool moved =
      next.zip != facts_.zip || next.rules != facts_.rules || next.board != facts_.board;
  if (!moved) {
    next.rings = std::move(facts_.rings);
    next.pool = facts_.pool;
    next.captured = facts_.captured;
    next.must_capture = facts_.must_capture;
    next.captures = std::move(facts_.captures);
    next.removable = std::move(facts_.removable);
  } else {
    read_position(g, next);
    if (next.board != facts_.board) replace(ops, "/board", doc["board"], next.board);
    diff_rings(next, doc, ops);
    diff_counts(facts_.pool, next.pool, "/pool", doc["pool"], ops);
    for (std::size_t s = 0; s < 2; ++s) {
      diff_counts(facts_.captured[s], next.captured[s], "/captured/" + std::to_string(s),
                  doc["captured"][s], ops);
    }
    if (next.must_capture != facts_.must_capture) {
      replace(ops, "/must_capture", doc["must_capture"], next.must_capture);
    }
    // Chains and free rings are recomputed by the engine each move, but most of them stay.
    edit_list(ops, "/captures", doc["captures"], facts_.captures, next.captures);
    edit_list(ops, "/removable", doc["removable"], facts_.removable, next.removable);
    // `add` rather than `replace`: a lean client, whose state has no position text, may still
    // be sent a full patch (a frame published for every node of a cluster) and must not fail.
    if (next.zip != facts_.zip) {
      doc["zip"] = next.zip;
      ops.append_unless_lean("add", "/zip", &doc["zip"]);
    }
  }
  if (!same_report(facts_.last_move, last)) {
    next.last_move = copy_of(last);
    replace(ops, "/last_move", doc["last_move"], last_move_json(next.last_move));
  } else {
    next.last_move = std::move(facts_.last_move);
  }
  facts_ = std::move(next);
}

void game_document<zertz::game>::diff_rings(const facts& next, json& doc, patch_ops& ops) {
  // Rings only leave the board during a game, and both lists are in the engine's cell order,
  // so one walk pairs them up: a previous ring with no partner was removed. When the new list
  // is not such a subsequence (another game in the room), the whole map is replaced.
  std::size_t j = 0;
  for (const auto& before : facts_.rings) {
    if (j < next.rings.size() && next.rings[j].cell == before.cell) ++j;
  }
  json& rings = doc["rings"];
  if (j != next.rings.size()) {
    json fresh = json::object();
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

}  // namespace ringside::protocol
