#pragma once
// The client -> server messages of protocol version 1 as plain structs, and the error codes.
// decode() (decode.hpp) is the only way a frame becomes one of these, so every field here has
// already been checked for type and range. The wire layer knows no game's rules: names of
// games and variants are checked by the engine's registry (engine/any_game.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace ringside::protocol {

inline constexpr int protocol_version = 1;

// A request's `id`: absent, a string or an integer; echoed back as `re`.
using request_id = std::variant<std::monostate, std::string, std::int64_t>;

// `invalid` first so that a default-constructed or unmapped value is never a real code.
enum class error_code : std::uint8_t {
  invalid,
  hello_first,
  bad_request,
  unknown_type,
  no_such_room,
  room_full,
  not_a_player,
  not_your_turn,
  illegal_move,
  stale_version,
  game_over,
  rate_limited,
  bad_token,
  // The server failed (its journal could not record a move); nothing changed, try again.
  internal_error,
  // create_room: this player, or this address, already has as many rooms waiting as allowed.
  too_many_rooms,
  // hello: the identity already speaks on as many connections as the server allows.
  too_many_connections,
  // hello without a token: the address made as many new identities as allowed this minute.
  too_many_identities,
  // hello: the name breaks a rule of protocol/wire/player_name.hpp (the message says which).
  bad_name,
  // join: a seated player of the room, someone else, has the same name (ignoring case).
  name_taken,
  // create_room or join as a player: the identity holds as many seats as the server allows.
  too_many_seats,
  // create_room with a computer opponent, or a computer's turn: as many computer searches are
  // waiting as the server allows; the game is not made, or the computer moves once it can.
  computer_busy,
  // create_room: the clock is not one the server offers (correspondence days outside the list).
  bad_clock,
};

// The wire name of `c`, e.g. "stale_version".
std::string_view to_string(error_code c);

enum class seat_choice : std::uint8_t { invalid, first, second, random };
enum class join_role : std::uint8_t { invalid, player, spectator };

struct clock_settings {
  std::int64_t initial_s = 0;    // 1 .. 86400; a correspondence clock: days_per_move days
  std::int64_t increment_s = 0;  // 0 .. 3600; 0 for a correspondence clock
  // > 0: a correspondence clock, each move due within this many days of the previous one
  // (one of correspondence_days).
  std::int64_t days_per_move = 0;
  friend bool operator==(const clock_settings&, const clock_settings&) = default;
};

// The correspondence clocks a room may have, in days per move.
inline constexpr std::int64_t correspondence_days[] = {1, 2, 3, 5, 7, 14};

struct hello {
  request_id id;
  std::string name;                  // 1-24 printable characters
  std::optional<std::string> token;  // from an earlier welcome
};
// Which rooms a list asks for: `open` (waiting and playing, the default), one status, or all.
enum class room_filter : std::uint8_t { invalid, open, waiting, playing, finished, all };
inline constexpr int max_room_page = 200;

// One page of the room list, newest first (also GET /api/rooms, from its query string).
struct list_rooms {
  request_id id;
  std::optional<std::string> game;  // only this game's rooms ("zertz", "dvonn")
  room_filter status = room_filter::open;
  int limit = 0;                      // 1..max_room_page; 0: the server's page size
  std::optional<std::string> before;  // the `next` cursor of the page before
  // true: only games against the computer; false: only people's games; none: both.
  std::optional<bool> computer;
};
// Which game a room plays: names as on the wire. `board` is 0 when the request left it to
// the variant; a room's settings hold the board the game was made with.
struct game_settings {
  std::string game;     // "zertz", "dvonn"
  std::string variant;  // "standard", "blitz", "tournament"
  int board = 0;
  friend bool operator==(const game_settings&, const game_settings&) = default;
};

struct create_room {
  request_id id;
  game_settings game;
  seat_choice seat = seat_choice::random;
  std::optional<clock_settings> clock;
  bool is_private = false;
  // `opponent: {"computer": LEVEL}`: the computer (level 1-5) takes the other seat at once and
  // the game starts. 0: the other seat waits for a person.
  int computer_level = 0;
};
struct join {
  request_id id;
  std::string room;
  join_role as = join_role::player;
};
struct move {
  request_id id;
  std::string room;
  std::string text;  // ZEN token as sent; the engine decides legality
  std::int64_t version = 0;
};
struct resign {
  request_id id;
  std::string room;
};
struct offer_draw {
  request_id id;
  std::string room;
};
struct chat {
  request_id id;
  std::string room;
  std::string text;  // 1-500 characters
};
struct sync {
  request_id id;
  std::string room;
};
struct leave {
  request_id id;
  std::string room;
};

using client_message =
    std::variant<hello, list_rooms, create_room, join, move, resign, offer_draw, chat, sync, leave>;

// Why a frame was refused before it reached any room; `id` is the request's id when it had one.
struct decode_error {
  error_code code = error_code::bad_request;
  std::string message;
  request_id id;
};

// The request id of any client message.
const request_id& id_of(const client_message& m);

}  // namespace ringside::protocol
