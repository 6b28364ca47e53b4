#pragma once
// request_builder — turns a command into the protocol message that carries it. Shared by the
// terminal and the script runner, so both speak exactly the same protocol.

#include <nlohmann/json.hpp>
#include <string>

#include "clients/cli/command.hpp"

namespace ringside::cli {

class client_session;

struct built_request {
  nlohmann::json msg;  // the message to send (no id yet); null when `error` is set
  std::string room;    // the room it concerns, if any
  std::string error;   // why nothing can be sent, for the user
};

// True for the verbs that send a request: rooms, new, join, watch, move, resign, draw, say,
// leave, sync, seek, cancel, takeback, decline, rematch, register, login, logout.
bool is_request_verb(const std::string& verb);

// The message for `cmd`, using the session's current room where the command needs one. A
// move carries the version of the state the user saw; legality is left to the server.
built_request build_request(const command& cmd, client_session& session);

// A room named on the command line: "@PATH" reads the first word of a file, "$VAR" an
// environment variable, anything else is the id itself. Empty when the file or variable is
// missing or empty.
std::string resolve_room_ref(const std::string& ref);

}  // namespace ringside::cli
