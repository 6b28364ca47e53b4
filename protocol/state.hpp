#pragma once
// The room state document of protocol.md: what everybody in a room sees, built from the room's
// own facts (players, clocks, offers, results the rules do not know about) and the game. The
// fields every game has are written here; each game's own fields by its game_document
// (protocol/game_document.hpp).

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/any_game.hpp"

namespace ringside::protocol {

enum class room_status : std::uint8_t { waiting, playing, finished };

// "waiting" | "playing" | "finished"
std::string_view to_string(room_status s);

struct player_view {
  std::string name;
  bool online = false;
  std::optional<std::int64_t> clock_ms;  // empty when the room has no clock
  int computer_level = 0;                // > 0: the computer plays this seat at that level
  bool guest = false;                    // a person without an account
  // In rated rooms, for players with a rating (accounts): rounded, and provisional while its
  // deviation is over 110 (clients show "1500?"); the game's change to it once it is over.
  // (Each has a default so that aggregate initialisers may leave them out.)
  std::optional<int> rating = std::nullopt;
  bool provisional = false;
  std::optional<int> rating_change = std::nullopt;
  // With a clock: whether this player has made a first move, from which its clock runs.
  std::optional<bool> clock_started = std::nullopt;
  // A correspondence clock's running turn: when this player loses on time (ISO 8601 UTC).
  std::optional<std::string> deadline = std::nullopt;
  friend bool operator==(const player_view&, const player_view&) = default;
};

// How a game ended, when it did not end by the rules alone (or when it did: then taken from
// the engine). winner 0 means a tie.
struct result_view {
  int winner = 0;
  std::string reason;  // win_condition | board_full | repetition | no_moves | resignation | ...
  // The final score, for games that count points (DVONN's controlled heights).
  std::optional<std::array<int, 2>> score;
  friend bool operator==(const result_view&, const result_view&) = default;
};

struct room_view {
  std::string room;
  room_status status = room_status::waiting;
  bool rated = false;  // the room's setting: its result may change ratings
  std::array<std::optional<player_view>, 2> players;
  int spectators = 0;
  std::optional<int> draw_offer;  // seat that offered
  bool takebacks = false;             // the room lets players ask to take a move back
  std::optional<int> takeback_offer;  // seat that asked
  std::optional<int> rematch_offer;   // seat that offered, after the end
  std::optional<std::string> rematch;  // the room the rematch is played in
  std::optional<result_view> result;
  std::optional<any_report> last_move;
};

// The whole state document for `view` over `g`. Deterministic: the same inputs give the same
// document, so json::diff between two builds is exactly what changed. state_document keeps
// the same document up to date far more cheaply; this is its reference.
nlohmann::json build_state(const room_view& view, const any_game& g);

// The common parts of the document, as build_state writes them (state_document reuses them,
// so the two cannot drift apart). Each gives null for an empty optional.
nlohmann::json player_json(const std::optional<player_view>& p);
nlohmann::json result_json(const std::optional<result_view>& r);

}  // namespace ringside::protocol
