#pragma once
// decode(): one text frame -> a checked client message, or the error to answer with.

#include <string_view>
#include <variant>

#include "protocol/wire/messages.hpp"

namespace ringside::protocol {

using decode_result = std::variant<client_message, decode_error>;

// Never throws. Rejects anything that is not a JSON object with a known `type` and every
// field of the right type and range (bad_request / unknown_type). Unknown extra fields are
// ignored so that newer clients still work. The error carries the request's `id` when the
// frame had a valid one.
decode_result decode(std::string_view text) noexcept;

// Unicode code points in `s` (valid UTF-8 assumed; the JSON parser has checked it).
std::size_t count_code_points(std::string_view s);

}  // namespace ringside::protocol
