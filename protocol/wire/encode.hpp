#pragma once
// Encoders for the server -> client messages. Each returns the frame text, ready to send.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/wire/messages.hpp"
#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

// The id as JSON (null when absent), for `re`.
nlohmann::json id_json(const request_id& id);

// A room's or a seek's clock as the lists and `joined` show it: null when untimed,
// {"days_per_move"} for a correspondence clock, else {"initial_s", "increment_s"}.
nlohmann::json clock_json(const std::optional<clock_settings>& clock);

// `welcome`: the identity a hello produced; `token` is the secret to reconnect with. `offers`,
// when given, is an object whose members (the server's `games` and `clocks`) join the message.
std::string encode_welcome(const request_id& re, std::string_view player, std::string_view name,
                           std::string_view token, std::string_view server,
                           const nlohmann::json* offers = nullptr,
                           std::optional<bool> guest = std::nullopt);

// `registered`: the identity `player` is now the account `name`, its name reserved.
std::string encode_registered(const request_id& re, std::string_view player, std::string_view name);
// `logged_out`: this device's token no longer works; the server closes the connection next.
std::string encode_logged_out(const request_id& re);
// `password_changed`: the account's password is the new one.
std::string encode_password_changed(const request_id& re);

// `rooms`: one page of the room list. `rooms_array` is the JSON text of an array of room
// summaries (see room_summary in the server), spliced in as it is: a page is serialised once
// and sent to everyone who asks for it. `next`: the cursor of the following page, or null.
std::string encode_rooms(const request_id& re, std::string_view rooms_array,
                         const std::optional<std::string>& next);

// `joined`: seat 1 or 2, or 0 for a spectator (sent as null). `clock_elapsed_ms`, when a
// clock runs: how long the side to move has been thinking, which the state's clock_ms (taken
// at the last move) does not show. `chat`, when not null and not empty: the room's recent
// chat lines ({from, text, at}, oldest first), so that whoever arrives late can read them.
std::string encode_joined(const request_id& re, std::string_view room, int seat,
                          std::int64_t version, const nlohmann::json& state,
                          std::optional<std::int64_t> clock_elapsed_ms = std::nullopt,
                          const nlohmann::json* chat = nullptr);

// `snapshot` of `state` at `version`; `clock_elapsed_ms` as for `joined`.
std::string encode_snapshot(const request_id& re, std::string_view room, std::int64_t version,
                            const nlohmann::json& state,
                            std::optional<std::int64_t> clock_elapsed_ms = std::nullopt);

// `patch`: RFC 6902 `ops` turning version-1 into version.
std::string encode_patch(std::string_view room, std::int64_t version, const nlohmann::json& ops);
// The same frame from ops already written as text (state_document::update).
std::string encode_patch(std::string_view room, std::int64_t version, const patch_ops& ops);
// The patch a lean client gets (hello's `lean`: no position text), and when `re` is not
// null, the answer to that client's own move in place of its `ack`: the same frame with `re`.
std::string encode_lean_patch(std::string_view room, std::int64_t version, const patch_ops& ops,
                              const request_id* re = nullptr);
// Likewise for a compact client (hello's `compact`): the lean ops in their compact form.
std::string encode_compact_patch(std::string_view room, std::int64_t version, const patch_ops& ops,
                                 const request_id* re = nullptr);

// `ack` of an accepted move; `version` is the one the move produced.
std::string encode_ack(const request_id& re, std::string_view room, std::int64_t version);

// `error` with `re` when answering a request that had an id.
std::string encode_error(const request_id& re, error_code code, std::string_view message);

// `chat` relayed to a room; `at` is an ISO 8601 UTC time. The sender's own copy carries `re`
// of its request: that copy is the answer, so a client knows its line was taken.
std::string encode_chat(std::string_view room, std::string_view from, std::string_view text,
                        std::string_view at, const request_id& re = {});

// `notice`: something the client should tell its user, not an answer to a request. `code`
// names it for programs ("identity_used_elsewhere"); `message` is the sentence to show.
std::string encode_notice(std::string_view code, std::string_view message);

// `declined`: the player on `seat` declined the `offer` ("draw", "takeback" or "rematch") made
// in `room`; sent to everyone in the room after the patch that clears the offer.
std::string encode_declined(std::string_view room, std::string_view offer, int seat);
// `rematch_started`: the rematch of the finished game in `room` is being played in `new_room`.
std::string encode_rematch_started(std::string_view room, std::string_view new_room);

// Serialises JSON for the wire: invalid UTF-8 is replaced rather than thrown on.
std::string to_wire(const nlohmann::json& j);

}  // namespace ringside::protocol
