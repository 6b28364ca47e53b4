// state_document against the reference build_state: after every step of seeded random games on
// every board, with the room's own facts changing too, the document equals build_state and the
// ops it returned turn the previous document into it.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>

#include "engine/dvonn/game.hpp"
#include "protocol/state.hpp"
#include "protocol/state_document.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

// Under ASan and UBSan every step costs many times more; that run looks for memory errors,
// which a few games find as well as many, while the release run keeps every seed.
#ifdef RINGSIDE_SANITIZED_BUILD
constexpr std::uint32_t zertz_seeds_per_board = 1;
constexpr std::uint32_t dvonn_games = 6;
#else
constexpr std::uint32_t zertz_seeds_per_board = 4;
constexpr std::uint32_t dvonn_games = 24;
#endif

// The ops as a client sees them: the text parsed, one op per count.
json parsed(const patch_ops& ops) {
  const json j = json::parse(ops.array_text());
  CHECK(j.size() == ops.size());
  return j;
}

// The lean ops as a lean client sees them.
json parsed_lean(const patch_ops& ops) {
  return json::parse(ops.lean_array_text());
}

// Every op must be one a client's RFC 6902 applier takes: a known op, a path that parses as a
// JSON Pointer and exists where it must, an array entry added at "-" or an index up to its
// length, removed at an index below it.
void check_ops_valid(const json& before, const json& ops) {
  REQUIRE(ops.is_array());
  json doc = before;
  for (const auto& op : ops) {
    REQUIRE(op.is_object());
    const std::string kind = op.at("op").get<std::string>();
    CHECK((kind == "add" || kind == "remove" || kind == "replace"));
    const std::string path = op.at("path").get<std::string>();
    REQUIRE(!path.empty());
    CHECK(path.front() == '/');
    const json::json_pointer ptr(path);  // throws on a bad escape
    if (kind == "add") {
      // An object gains a key it did not have (a DVONN stack), but for the position text,
      // which is added whether or not a (lean) client has it.
      const json& parent = doc.at(ptr.parent_pointer());
      if (parent.is_array()) {
        const std::string last = ptr.back();
        CHECK((last == "-" || std::stoul(last) <= parent.size()));
      } else {
        CHECK(parent.is_object());
        CHECK((!doc.contains(ptr) || path == "/zip" || path == "/position"));
      }
      CHECK(op.contains("value"));
    } else {
      CHECK(doc.contains(ptr));
      CHECK(op.contains("value") == (kind == "replace"));
    }
    doc = doc.patch(json::array({op}));  // in order, as a client applies them
  }
}

// One step: the document follows, and agrees with the reference in every way that matters; a
// lean client's copy, without the position text, follows the lean ops likewise.
void step(state_document& doc, const room_view& v, const any_game& g) {
  const json before = doc.json();
  const json lean_before = doc.lean_json();
  const auto update = doc.update(v, g);
  const json ops = parsed(update);
  const json lean_ops = parsed_lean(update);
  const json reference = build_state(v, g);
  CHECK(doc.json() == reference);
  CHECK(before.patch(ops) == reference);
  CHECK(lean_before.patch(lean_ops) == doc.lean_json());
  CHECK(!doc.lean_json().contains("zip"));
  CHECK(!doc.lean_json().contains("position"));
  // A full patch reaching a lean client (published to a cluster) applies, and at most adds
  // the position text.
  json lean_after_full = lean_before.patch(ops);
  lean_after_full.erase("zip");
  lean_after_full.erase("position");
  CHECK(lean_after_full == doc.lean_json());
  check_ops_valid(lean_before, lean_ops);
  // The room makes a new version only when ops are not empty: exactly when something changed.
  CHECK(ops.empty() == (before == reference));
  check_ops_valid(before, ops);
}

// Random changes to what the room adds to the document.
void shake_view(room_view& v, std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, 13);
  switch (pick(rng)) {
    case 0:
      v.players[0] = player_view{"alice", (rng() & 1U) != 0, std::int64_t{300000}};
      break;
    case 1:
      if (v.players[1]) {
        v.players[1]->online = !v.players[1]->online;
      } else {
        v.players[1] = player_view{"b\"o/~b \xc3\xa9", true, std::nullopt};
      }
      break;
    case 2:
      for (auto& p : v.players) {
        if (p && p->clock_ms) *p->clock_ms -= static_cast<std::int64_t>(rng() % 5000);
      }
      break;
    case 3:
      v.spectators = static_cast<int>(rng() % 4);
      break;
    case 4:
      v.draw_offer =
          v.draw_offer ? std::nullopt : std::optional<int>(1 + static_cast<int>(rng() % 2));
      break;
    case 5:
      v.players[rng() % 2].reset();
      break;
    case 6:
      if (v.players[0]) v.players[0]->clock_ms.reset();
      break;
    case 7:
      v.takeback_offer =
          v.takeback_offer ? std::nullopt : std::optional<int>(1 + static_cast<int>(rng() % 2));
      v.takebacks = !v.takebacks;
      break;
    case 8:
      v.rematch_offer =
          v.rematch_offer ? std::nullopt : std::optional<int>(1 + static_cast<int>(rng() % 2));
      break;
    case 9:
      v.rematch =
          v.rematch ? std::nullopt : std::optional<std::string>("r" + std::to_string(rng() % 9));
      break;
    case 10:
      // A rated room: a rating shows, then the game's change to it.
      v.rated = true;
      if (auto& p = v.players[rng() % 2]) {
        if (!p->rating) {
          p->rating = 1500;
          p->provisional = true;
        } else {
          p->rating_change = static_cast<int>(rng() % 41) - 20;
          *p->rating += *p->rating_change;
          p->provisional = (rng() & 1U) != 0;
        }
      }
      break;
    default:
      break;  // most moves change nothing else
  }
}

}  // namespace

TEST_CASE("state_document follows build_state through random games on every board") {
  const std::pair<zertz::variant, int> boards[] = {
      {zertz::variant::standard, 37}, {zertz::variant::blitz, 37},
      {zertz::variant::standard, 40}, {zertz::variant::standard, 43},
      {zertz::variant::standard, 44}, {zertz::variant::tournament, 48},
      {zertz::variant::standard, 61}};
  int moves = 0;
  int view_only = 0;
  int games_ended = 0;
  for (const auto& [rules, rings] : boards) {
    for (std::uint32_t seed = 1; seed <= zertz_seeds_per_board; ++seed) {
      const int board = rings;  // CAPTURE's lambda cannot take a structured binding (clang 14)
      CAPTURE(board);
      CAPTURE(seed);
      std::mt19937 rng(seed * 7919U + static_cast<std::uint32_t>(rings));
      auto started = zertz::game::create(zertz::to_string(rules), rings);
      REQUIRE(started);
      zertz::game g = *started;
      room_view v;
      v.room = "room-";  // appended, not "r" + s: GCC 12 warns -Wrestrict on that falsely
      v.room += std::to_string(seed);
      v.players[0] = player_view{"alice", true, std::int64_t{300000}};
      state_document doc(v, g);
      CHECK(doc.json() == build_state(v, g));
      v.status = room_status::playing;
      step(doc, v, g);
      for (int ply = 0; ply < 400 && !g.outcome(); ++ply) {
        const auto legal = g.legal_moves();
        REQUIRE(!legal.empty());
        const auto report = g.play(legal[rng() % legal.size()]);
        REQUIRE(report);
        v.last_move = *report;
        shake_view(v, rng);
        step(doc, v, g);
        ++moves;
        // Changes between moves (presence, clocks, spectators): the position stays, so the
        // document must reuse what it knows of it and still agree afterwards.
        if (rng() % 3 == 0) {
          shake_view(v, rng);
          step(doc, v, g);
          ++view_only;
        }
        // Nothing changed since: no ops, no version.
        if (ply % 17 == 0) CHECK(doc.update(v, g).empty());
      }
      if (const auto r = g.outcome()) {
        ++games_ended;
        v.status = room_status::finished;
        v.result = result_view{r->winner, std::string(r->reason), {}};
      } else {
        v.status = room_status::finished;
        v.result = result_view{0, "agreement", {}};
      }
      step(doc, v, g);
      v.result = result_view{2, "resignation", {}};
      step(doc, v, g);
    }
  }
  // The games really were played, and most reached the end the rules give.
  CHECK(moves > static_cast<int>(7 * zertz_seeds_per_board * 10));
  CHECK(games_ended > 0);
  CHECK(view_only > moves / 5);
}

TEST_CASE("a different game in the room replaces rings and history wholesale") {
  auto a = *zertz::game::create("standard", 0);
  REQUIRE(a.play("Wd4-a1"));
  REQUIRE(a.play("Gc3-g1"));
  room_view v;
  v.room = "x";
  state_document doc(v, a);
  // A fresh board has every ring back: rings reappear, history shrinks.
  const auto b = *zertz::game::create("standard", 0);
  step(doc, v, b);
  // And from one position to an unrelated one of another board size.
  const auto c = *zertz::game::create("tournament", 48);
  step(doc, v, c);
  // reset() takes any game without ops.
  doc.reset(v, a);
  CHECK(doc.json() == build_state(v, a));
}

TEST_CASE("an empty document: null until reset, and update() fills it with one whole replace") {
  const auto g = *zertz::game::create("standard", 0);
  room_view v;
  v.room = "e";
  state_document empty;
  CHECK(empty.json().is_null());
  const json ops = parsed(empty.update(v, g));
  REQUIRE(ops.size() == 1);
  CHECK(ops[0].at("op") == "replace");
  CHECK(ops[0].at("path") == "");
  CHECK(json(nullptr).patch(ops) == build_state(v, g));
  CHECK(empty.json() == build_state(v, g));
  CHECK(empty.update(v, g).empty());
  state_document later;
  later.reset(v, g);
  CHECK(later.json() == build_state(v, g));
}

TEST_CASE("a placement's ops: the cell, the removed ring, pool, turn, and one history append") {
  const auto g0 = *zertz::game::create("standard", 0);
  room_view v;
  v.room = "k";
  state_document doc(v, g0);
  auto g = g0;
  const auto report = g.play("Wd4-a1");
  REQUIRE(report);
  v.last_move = *report;
  const auto update = doc.update(v, g);
  const json ops = parsed(update);
  const std::string doc_ops_lean_text = update.lean_array_text();
  std::set<std::string> paths;
  for (const auto& op : ops) paths.insert(op.at("path").get<std::string>());
  CHECK(paths.count("/rings/d4") == 1);
  CHECK(paths.count("/rings/a1") == 1);
  CHECK(paths.count("/pool/W") == 1);
  CHECK(paths.count("/to_move") == 1);
  CHECK(paths.count("/ply") == 1);
  CHECK(paths.count("/history/-") == 1);
  CHECK(paths.count("/history_by/-") == 1);
  CHECK(paths.count("/last_move") == 1);
  CHECK(paths.count("/zip") == 1);
  std::set<std::string> lean_paths;
  for (const auto& op : json::parse(doc_ops_lean_text))
    lean_paths.insert(op.at("path").get<std::string>());
  CHECK(lean_paths.count("/zip") == 0);
  CHECK(lean_paths.size() + 1 == paths.size());
  // Nothing that did not change: no room, board, players, captured.
  CHECK(paths.count("/room") == 0);
  CHECK(paths.count("/board") == 0);
  CHECK(paths.count("/pool/G") == 0);
  for (const auto& op : ops) {
    if (op.at("path") == "/rings/a1") CHECK(op.at("op") == "remove");
    if (op.at("path") == "/history/-") CHECK(op.at("value") == "Wd4-a1");
    if (op.at("path") == "/history_by/-") CHECK(op.at("value") == 1);
  }
  CHECK(json::diff(doc.json(), build_state(v, g)).empty());
}

TEST_CASE("state_document follows build_state through random DVONN games") {
  int moves = 0;
  int removals = 0;
  int passes = 0;
  int games_ended = 0;
  for (std::uint32_t seed = 1; seed <= dvonn_games; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed * 104729U);
    dvonn::game g = *dvonn::game::create("standard", 0);
    room_view v;
    v.room = "dv";
    v.players[0] = player_view{"alice", true, std::int64_t{300000}};
    state_document doc(v, g);
    CHECK(doc.json() == build_state(v, g));
    v.status = room_status::playing;
    step(doc, v, g);
    while (!g.outcome()) {
      const auto legal = g.legal_moves();
      REQUIRE(!legal.empty());
      const auto report = g.play(legal[rng() % legal.size()]);
      REQUIRE(report);
      removals += report->removed.empty() ? 0 : 1;
      v.last_move = *report;
      shake_view(v, rng);
      step(doc, v, g);
      ++moves;
      if (rng() % 3 == 0) {
        shake_view(v, rng);
        step(doc, v, g);
      }
    }
    for (const auto& h : g.history()) passes += h == "pass" ? 1 : 0;
    ++games_ended;
    v.status = room_status::finished;
    v.result = result_view{g.outcome()->winner, std::string(g.outcome()->reason), g.score()};
    step(doc, v, g);
    CHECK(doc.json().at("result").at("score") == doc.json().at("score"));
    CHECK(doc.json().at("legal").empty());
  }
  CHECK(moves > static_cast<int>(dvonn_games * 55));
  // disconnections happened, so removed stacks were patched away
  CHECK(removals > static_cast<int>(dvonn_games));
  CHECK(games_ended == static_cast<int>(dvonn_games));
  MESSAGE("DVONN: " << moves << " moves, " << removals << " with removals, " << passes
                    << " forced passes");
}

TEST_CASE("history_by names the seat of each entry: DVONN's first mover also places last") {
  dvonn::game g = *dvonn::game::create("standard", 0);
  room_view v;
  v.room = "by";
  v.status = room_status::playing;
  state_document doc(v, g);
  std::mt19937 rng(7);
  json mirror = doc.json();
  std::vector<int> seats;
  while (g.ply() < 52 && !g.outcome()) {
    const int mover = g.to_move();
    const auto legal = g.legal_moves();
    const auto report = g.play(legal[rng() % legal.size()]);
    REQUIRE(report);
    seats.push_back(mover);
    v.last_move = *report;
    const json ops = parsed(doc.update(v, g));
    // Appended, never rewritten: one op per new entry, in step with history.
    int by_ops = 0;
    for (const auto& op : ops) {
      if (op.at("path") == "/history_by/-") {
        CHECK(op.at("op") == "add");
        ++by_ops;
      }
      CHECK(op.at("path") != "/history_by");
    }
    CHECK(by_ops == static_cast<int>(g.history().size() - seats.size()) + 1);
    mirror = mirror.patch(ops);
    CHECK(mirror.at("history_by").size() == mirror.at("history").size());
    while (seats.size() < g.history().size()) seats.push_back(g.history_by()[seats.size()]);
  }
  REQUIRE(g.ply() >= 50);
  CHECK(mirror.at("history_by") == json(seats));
  // Placement alternates from seat 1 for 49 pieces, so seat 1 places the 49th; the first
  // stack move is seat 1's as well (ply 49 by index), then play alternates.
  CHECK(mirror.at("history_by")[0] == 1);
  CHECK(mirror.at("history_by")[47] == 2);
  CHECK(mirror.at("history_by")[48] == 1);
  CHECK(mirror.at("history_by")[49] == 1);
  CHECK(mirror == build_state(v, g));
}

TEST_CASE("the DVONN state has the fields of protocol.md and nothing of ZÈRTZ's") {
  dvonn::game g = *dvonn::game::create("standard", 0);
  room_view v;
  v.room = "d1";
  json s = build_state(v, g);
  std::vector<std::string> keys;
  for (const auto& [k, val] : s.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{
                    "draw_offer",     "game",      "history",    "history_by",    "last_move",
                    "legal",          "phase",     "placed",     "players",       "ply",
                    "position",       "rated",     "rematch",    "rematch_offer", "result",
                    "room",           "score",     "spectators", "stacks",        "status",
                    "takeback_offer", "takebacks", "to_move",    "to_place",      "variant"});
  CHECK(s.at("game") == "dvonn");
  CHECK(s.at("variant") == "standard");
  CHECK(s.at("phase") == "placement");
  CHECK(s.at("placed") == 0);
  CHECK(s.at("stacks") == json::object());
  CHECK(s.at("to_place") == json::array({{{"D", 2}, {"W", 23}}, {{"D", 1}, {"B", 23}}}));
  CHECK(s.at("legal").size() == 49);
  CHECK(s.at("score") == json::array({0, 0}));
  CHECK(s.at("position") == "- 1 0");

  // Play on until a move cuts stacks off: last_move names what it removed, and the stacks
  // it removed leave the document by "remove" ops.
  std::mt19937 rng(7);
  state_document doc(v, g);
  for (;;) {
    REQUIRE(!g.outcome());
    const auto legal = g.legal_moves();
    const auto report = g.play(legal[rng() % legal.size()]);
    REQUIRE(report);
    v.last_move = *report;
    const json ops = parsed(doc.update(v, g));
    CHECK(doc.json() == build_state(v, g));
    if (report->removed.empty()) continue;
    const json& last = doc.json().at("last_move");
    CHECK(last.at("move") == report->text);
    CHECK(last.at("removed").size() == report->removed.size());
    for (const auto& gone : report->removed) {
      CHECK(last.at("removed").at(gone.cell) == gone.pieces);
      CHECK(!doc.json().at("stacks").contains(gone.cell));
      bool removed_op = false;
      for (const auto& op : ops) {
        removed_op =
            removed_op || (op.at("op") == "remove" && op.at("path") == "/stacks/" + gone.cell);
      }
      CHECK(removed_op);
    }
    break;
  }
}

TEST_CASE("a placement sends the free rings that changed, not the whole list") {
  const auto g0 = *zertz::game::create("standard", 0);
  room_view v;
  v.room = "k";
  state_document doc(v, g0);
  auto g = g0;
  const auto report = g.play("Wd4-a1");
  REQUIRE(report);
  v.last_move = *report;
  const json ops = parsed(doc.update(v, g));
  const json whole = doc.json().at("removable");
  std::size_t removable_ops = 0;
  std::size_t removable_text = 0;
  for (const auto& op : ops) {
    if (!op.at("path").get<std::string>().starts_with("/removable")) continue;
    ++removable_ops;
    removable_text += op.dump().size();
    CHECK(op.at("path") != "/removable");  // entries, not the list
  }
  CHECK(removable_ops > 0);
  CHECK(removable_text < whole.dump().size());
}

TEST_CASE("DVONN's placements take one cell from the legal list, not the whole list") {
  const auto g0 = *dvonn::game::create("standard", 0);
  room_view v;
  v.room = "d";
  state_document doc(v, g0);
  auto g = g0;
  const std::string first = doc.json().at("legal").at(5).get<std::string>();
  const auto report = g.play(first);
  REQUIRE(report);
  v.last_move = *report;
  const auto update = doc.update(v, g);
  const json ops = parsed(update);
  json legal_ops = json::array();
  for (const auto& op : ops) {
    if (op.at("path").get<std::string>().starts_with("/legal")) legal_ops.push_back(op);
  }
  CHECK(legal_ops == json::parse(R"([{"op":"remove","path":"/legal/5"}])"));
  // The position text goes to everyone but lean clients, as an add.
  CHECK(update.differs_when_lean());
  CHECK(update.array_text().find(R"({"op":"add","path":"/position")") != std::string::npos);
  CHECK(update.lean_array_text().find("/position") == std::string::npos);
}

}  // namespace ringside::protocol
