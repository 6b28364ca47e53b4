#pragma once
// event_format — one line per server message, `key=value` words a script can grep, e.g.
// `joined room=ab12cd34 seat=1 version=3`, `error code=illegal_move message="e4 is not vacant"`.
// Every value is written by script_value(): bare when it is a plain token, otherwise a JSON
// string, so a line always splits into the fields that were sent, whatever a name or a chat
// message holds. A `rooms` reply is its count line followed by one `room ...` line per room.

#include <nlohmann/json.hpp>
#include <string>

namespace ringside::cli {

class room_view;

// The line for `msg`; `room` (after the message was applied) adds status and turn to patches.
std::string format_event(const nlohmann::json& msg, const room_view* room);

// `result room=R winner=1 reason=win_condition` (winner=none for a tie).
std::string format_result(const room_view& room);

// `text` as a JSON string literal (always quoted), so quotes and newlines in it cannot break
// the line.
std::string quoted(const std::string& text);

}  // namespace ringside::cli
