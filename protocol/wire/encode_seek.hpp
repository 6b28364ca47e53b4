#pragma once
// Encoders for the quick-pairing messages (seek, cancel_seek, list_seeks answered). A seek is
// described by one JSON object (see the server's seek_entry) spliced in as it is.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/wire/messages.hpp"

namespace ringside::protocol {

// `seeking`: the seek waits in the lobby for a compatible one.
std::string encode_seeking(const request_id& re, const nlohmann::json& seek);
// `paired`: the seek met another; both seekers now hold a seat in `room` (a `joined` follows).
// `re` only for the seeker whose request paired them.
std::string encode_paired(const request_id& re, std::string_view seek, std::string_view room,
                          const nlohmann::json& opponent);
// `seek_cancelled`: these open seeks are withdrawn.
std::string encode_seek_cancelled(const request_id& re, const std::vector<std::string>& seeks);
// `seeks`: the oldest open seeks (at most a page of them), how many are open in all, and the
// lobby's counts: identities online, games being played.
std::string encode_seeks(const request_id& re, const nlohmann::json& seeks, std::size_t total,
                         std::size_t online, std::size_t playing);

}  // namespace ringside::protocol
