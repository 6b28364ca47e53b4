// fuzz_session: the full input path without sockets. Two connections (the first byte of each
// input line picks one) send text frames to the server's request_handler, lobby and rooms on
// a real io_context. In a line, "$R" becomes the newest room id seen, "$V" that room's version
// as this connection holds it, and "$M<c>" one of the room's legal moves, so inputs can reach
// real games. Every frame the server sends must be a JSON object with a type; errors carry a
// known code and a message; patches arrive without gaps and apply (RFC 6902) to the state the
// connection holds; and at the end a sync's snapshot equals that patched state.
#include <spdlog/spdlog.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/any_game.hpp"
#include "server/context.hpp"
#include "server/identity_registry.hpp"
#include "server/room_registry.hpp"
#include "server/metrics.hpp"
#include "server/options.hpp"
#include "server/session_registry.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/fuzz/fuzz_peer.hpp"

namespace net = boost::asio;
using nlohmann::json;
using namespace ringside;

namespace {

struct held_room {
  std::int64_t version = 0;
  json state;
};

// What one connection knows: the rooms whose state it holds.
struct observer {
  std::map<std::string, held_room> rooms;
};

std::string newest_room;  // the last room id any connection was told about in `joined`
bool trace = false;       // FUZZ_TRACE=1: print every frame in and out, to read a reproducer

bool known_code(const std::string& c) {
  // The table in docs/protocol.md, "Error codes".
  for (const char* k :
       {"hello_first", "bad_request", "unknown_type", "no_such_room", "room_full", "not_a_player",
        "not_your_turn", "illegal_move", "stale_version", "game_over", "rate_limited", "bad_token",
        "too_many_rooms", "too_many_connections", "too_many_identities", "bad_name", "name_taken",
        "too_many_seats", "computer_busy", "not_rateable", "internal_error", "bad_clock"}) {
    if (c == k) return true;
  }
  return false;
}

// Checks one outgoing frame against the protocol and updates what the connection holds.
void observe(observer& o, const std::string& frame) {
  if (trace) std::fprintf(stderr, "  <- %s\n", frame.c_str());
  const json m = json::parse(frame, nullptr, false);
  FUZZ_CHECK(!m.is_discarded() && m.is_object(), "every frame is a JSON object");
  FUZZ_CHECK(m.contains("type") && m["type"].is_string(), "every frame has a string type");
  const std::string type = m["type"];
  if (type == "error") {
    FUZZ_CHECK(m.contains("code") && m["code"].is_string() && known_code(m["code"]),
               "an error has a known code");
    FUZZ_CHECK(m.contains("message") && m["message"].is_string() &&
                   !m["message"].get<std::string>().empty(),
               "an error says why");
  } else if (type == "joined" || type == "snapshot") {
    FUZZ_CHECK(m.contains("room") && m["room"].is_string(), "joined/snapshot name the room");
    FUZZ_CHECK(m.contains("version") && m["version"].is_number_integer(), "... and a version");
    FUZZ_CHECK(m.contains("state") && m["state"].is_object(), "... and the state");
    o.rooms[m["room"]] = held_room{m["version"], m["state"]};
    if (type == "joined") newest_room = m["room"];
  } else if (type == "patch") {
    FUZZ_CHECK(m.contains("room") && m["room"].is_string(), "a patch names its room");
    FUZZ_CHECK(m.contains("version") && m["version"].is_number_integer(), "a patch has a version");
    FUZZ_CHECK(m.contains("ops") && m["ops"].is_array(), "a patch has ops");
    auto it = o.rooms.find(m["room"]);
    FUZZ_CHECK(it != o.rooms.end(), "a patch only reaches a connection holding the room's state");
    const std::int64_t v = m["version"];
    if (v <= it->second.version) return;  // an old patch: a client ignores it
    FUZZ_CHECK(v == it->second.version + 1, "patch versions have no gaps");
    try {
      it->second.state = it->second.state.patch(m["ops"]);
    } catch (const json::exception& e) {
      FUZZ_CHECK(false, std::string("the patch applies to the held state: ") + e.what());
    }
    it->second.version = v;
  }
}

// "$M<c>": a legal move of the held state's position, picked by c.
std::string legal_move(const observer& o, char pick) {
  auto it = o.rooms.find(newest_room);
  if (it == o.rooms.end()) return "Wd4-a1";
  const json& s = it->second.state;
  if (!s.contains("history") || !s["history"].is_array()) return "Wd4-a1";
  auto g =
      ringside::any_game::create(s.value("game", ""), s.value("variant", ""), s.value("board", 0));
  if (!g) return "Wd4-a1";
  for (const auto& h : s["history"]) {
    if (!h.is_string() || !g->play(h.get<std::string>())) return "Wd4-a1";
  }
  const auto moves = g->legal_moves();
  if (moves.empty()) return "pass";
  return moves[static_cast<unsigned char>(pick) * 37u % moves.size()];
}

std::string substitute(std::string_view line, const observer& o) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '$' || i + 1 >= line.size()) {
      out += line[i];
      continue;
    }
    const char c = line[++i];
    if (c == 'R') {
      out += newest_room;
    } else if (c == 'V') {
      auto it = o.rooms.find(newest_room);
      out += std::to_string(it == o.rooms.end() ? 0 : it->second.version);
    } else if (c == 'M' && i + 1 < line.size()) {
      out += legal_move(o, line[++i]);
    } else {
      out += '$';
      out += c;
    }
  }
  return out;
}

// Runs every ready handler, then makes the io_context usable again.
void settle(net::io_context& ioc) {
  ioc.poll();
  ioc.restart();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  trace = std::getenv("FUZZ_TRACE") != nullptr;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  newest_room.clear();
  net::io_context ioc;
  server::options opts;
  server::metrics stats;
  server::room_registry rooms(ioc, stats);
  // Passwords hashed at libsodium's least cost: a fuzz run is not about the hash.
  server::account_settings accounts;
  accounts.cost = {1, 8192};
  server::identity_registry identities(ioc, stats, nullptr, accounts);
  server::session_registry sessions(ioc);
  server::context ctx{opts, rooms, stats, sessions, identities};
  std::shared_ptr<fuzz::fuzz_peer> peers[2] = {std::make_shared<fuzz::fuzz_peer>(ctx, ioc, 1),
                                               std::make_shared<fuzz::fuzz_peer>(ctx, ioc, 2)};
  observer seen[2];
  auto drain = [&] {
    settle(ioc);
    for (int i = 0; i < 2; ++i) {
      for (const auto& f : peers[i]->take_frames()) observe(seen[i], f);
    }
  };

  for (int n = 0; n < 48 && !rest.empty(); ++n) {
    const auto nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    if (line.empty()) continue;
    const int who = line[0] & 1;
    auto text = substitute(line.substr(1), seen[who]);
    if (trace) std::fprintf(stderr, "%d -> %s\n", who, text.c_str());
    peers[who]->receive(std::move(text));
    drain();
  }

  // The state each connection patched together must be the server's state.
  for (int i = 0; i < 2; ++i) {
    const auto held = seen[i].rooms;
    for (const auto& [id, room] : held) {
      peers[i]->receive(json{{"type", "sync"}, {"room", id}}.dump());
      drain();
      const auto& now = seen[i].rooms[id];
      if (now.version == room.version) {
        FUZZ_CHECK(now.state == room.state, "a sync's snapshot equals the patched state");
      }
    }
  }
  for (auto& p : peers) p->drop();
  drain();
  rooms.shutdown();
  drain();
  return 0;
}
