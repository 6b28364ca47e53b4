#pragma once
// What one client may do to the lobby and to a room that others share: chat in a crowd, and
// rooms left waiting. From the command line (run.cpp); docs/protocol.md's "Limits" lists them.

#include <cstddef>
#include <optional>
#include <string_view>

namespace ringside::server {

// What spectators may say in a room: as players may, at most once per 10 s each, or nothing.
enum class spectator_chat { on, slow, off };

// The wire/flag name and back.
std::string_view to_string(spectator_chat c);
std::optional<spectator_chat> parse_spectator_chat(std::string_view s);

struct room_limits {
  // Chat messages the spectators of one room may send together per 10 s (0: no budget).
  // Players' chat is not counted: a crowd cannot silence them.
  std::size_t room_chat_limit = 20;
  spectator_chat spectators = spectator_chat::on;
  // Chat lines a room keeps for whoever joins later (0: none): a spectator arriving mid-game
  // reads what was said before.
  std::size_t chat_history = 50;
  // Rooms waiting for a second player that one identity, and one client address, may have
  // made and not yet seen start or close (0: no cap). Per address it is larger: many
  // people may share one address (a school, a mobile carrier's NAT).
  std::size_t waiting_rooms_per_player = 3;
  std::size_t waiting_rooms_per_address = 30;
  // Rooms one client address may create in 24 hours, however they end (0: no cap). Every room
  // stays in the journal at least --finished-retention-days; a school behind one address
  // plays far fewer.
  std::size_t rooms_per_address_per_day = 1000;
  // Unfinished games against the computer that one identity, and one client address, may
  // have made (0: no cap). They never wait, so the caps above do not hold them; these do,
  // since each keeps a computer searching. Per address it is larger for the same reason.
  std::size_t computer_games_per_player = 2;
  std::size_t computer_games_per_address = 8;
  // Rooms in one page of the room list (the default, and the most a request may ask for).
  std::size_t room_page = 50;
  // Seats in unfinished games one identity may hold (0: no cap). A reconnect gets every seat
  // back at once, one `joined` each, and that burst must fit a connection's queue (256).
  std::size_t seats_per_player = 64;
  // A timed game whose player to move has not made a first move this many seconds after the
  // turn began is aborted, as lichess does: nobody wins, nothing is rated (0: never).
  double first_move_abort_s = 0;
};

}  // namespace ringside::server
