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
  // seek: the identity already seeks this shape, holds as many open seeks as allowed, seeks
  // too often, or the server holds as many open seeks as it allows.
  too_many_seeks,
  // cancel_seek: this identity has no open seek by that id (it was paired or cancelled).
  no_such_seek,
  // seek: the settings name no game, variant or board that exists, or a rating range the
  // other way round.
  bad_settings,
  // cancel_room: only the player waiting in the room may cancel it.
  not_creator,
  // cancel_room: the room is no longer waiting (its game started or ended).
  not_waiting,
  // create_room with `rated: true` against the computer: a computer's games are never rated.
  not_rateable,
  // takeback, rematch or a decline that answers an offer nobody made.
  no_offer,
  // Answering (accepting or declining) an offer you made yourself, or making it twice.
  own_offer,
  // takeback: the asker has no move in the game to take back.
  nothing_to_take_back,
  // takeback in a room created with takebacks off.
  takebacks_off,
  // rematch before the game is over.
  game_not_over,
  // login, change_password: no account has this name, or the password is not its password
  // (one answer for both, so it tells nobody which names are accounts).
  bad_credentials,
  // hello, register: the name (or one that looks like it) is an account's, someone else's.
  name_reserved,
  // register, change_password: the new password breaks the rules (8 to 128 bytes).
  bad_password,
  // register: this identity is an account already.
  already_registered,
  // login, change_password: so many wrong passwords for this account or from this address
  // that the attempt would wait too long; try later.
  login_limited,
  // create_room: the clock is not one the server offers (correspondence days outside the list).
  bad_clock,
  // In a cluster: the server running the room did not answer a request forwarded to it in
  // time (it may be changing owner); the connection stays, try again in a few seconds.
  room_unavailable,
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
  // The client takes lean room traffic: states without the position text, and its own move's
  // patch (carrying `re`) in place of the ack. Absent: today's frames.
  bool lean = false;
  // Lean traffic whose patches carry their ops in the compact form (implies lean).
  bool compact = false;
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
  // true: the result changes both players' ratings (when both have accounts).
  bool rated = false;
  // `takebacks`: whether a player may ask to take back a move. Empty: the server's default for
  // this kind of room (room_registry.cpp's takebacks_by_default).
  std::optional<bool> takebacks;
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
// Takebacks, declined draws and rematches (room_offers.cpp): messages whose only field is `room`.
// `takeback` asks, or accepts the opponent's ask; `rematch` offers, or accepts the offer.
struct takeback {
  request_id id;
  std::string room;
};
struct decline_takeback {
  request_id id;
  std::string room;
};
struct decline_draw {
  request_id id;
  std::string room;
};
struct rematch {
  request_id id;
  std::string room;
};
struct decline_rematch {
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

// The opponents' ratings a seek accepts, both ends included.
struct rating_range {
  int min = 0;
  int max = 0;
  friend bool operator==(const rating_range&, const rating_range&) = default;
};
inline constexpr int max_rating = 4000;

// Quick pairing: play the first compatible person, or wait in the lobby until one seeks.
struct seek {
  request_id id;
  game_settings game;
  std::optional<clock_settings> clock;
  bool rated = false;
  std::optional<rating_range> range;
};
// Withdraws one open seek by its id, or every open seek of this identity when none is named.
struct cancel_seek {
  request_id id;
  std::optional<std::string> seek;
};
// The open seeks, and how many people are online and playing.
struct list_seeks {
  request_id id;
};
// Ends a room still waiting for an opponent; only the player waiting in it may.
struct cancel_room {
  request_id id;
  std::string room;
};

// Accounts: the password rules (bytes of UTF-8) of register and change_password.
inline constexpr std::size_t min_password_bytes = 8;
inline constexpr std::size_t max_password_bytes = 128;

// Makes the current identity an account named `name` (reserved from then on).
struct register_account {
  request_id id;
  std::string name;
  std::string password;
};
// Instead of hello: speaks for the account `name`, with a new token for this device.
struct login {
  request_id id;
  std::string name;
  std::string password;
};
// Revokes this device's token (the account's other devices keep theirs).
struct logout {
  request_id id;
};
struct change_password {
  request_id id;
  std::string old_password;
  std::string new_password;
};

using client_message =
    std::variant<hello, list_rooms, create_room, join, move, resign, offer_draw, chat, sync, leave,
                 seek, cancel_seek, list_seeks, cancel_room, takeback, decline_takeback,
                 decline_draw, rematch, decline_rematch, register_account, login, logout,
                 change_password>;

// Why a frame was refused before it reached any room; `id` is the request's id when it had one.
struct decode_error {
  error_code code = error_code::bad_request;
  std::string message;
  request_id id;
};

// The request id of any client message.
const request_id& id_of(const client_message& m);

}  // namespace ringside::protocol
