#pragma once
// message_text — how the terminal shows the server's messages that are not the board: the
// room list, errors, chat. Every string from the wire goes through visible(), and chat
// lines start with "[chat ROOM]" so nothing a peer types can pass for the client's own lines.

#include <nlohmann/json.hpp>
#include <string>

namespace ringside::cli {

// The `rooms` reply grouped: rooms waiting for a player, games being played; finished games
// only with `all` (otherwise a count of them and how to see them).
std::string rooms_text(const nlohmann::json& msg, bool all);

// "Error (illegal_move): d4 is not vacant", in red when `color`.
std::string error_text(const nlohmann::json& msg, bool color);

// "Notice: your identity was just used ...": the server's word to this user, in yellow.
std::string notice_text(const nlohmann::json& msg, bool color);

// "[chat k3x9q2ab] bob: good game".
std::string chat_text(const nlohmann::json& msg, bool color);

}  // namespace ringside::cli
