#pragma once
// The query of GET /api/rooms (`game=dvonn&status=waiting&limit=20&before=...`) as a
// list_rooms message, for the protocol's own decoder to check like any other message. The
// query's bytes come from anyone's URL: a value that is not UTF-8 once %-decoded is refused
// here, before it goes into JSON.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace ringside::server {

struct room_list_query {
  nlohmann::json message;  // the list_rooms message, when `error` is empty
  std::string error;       // why the query is refused, as a sentence
};

// `limit` becomes a number when it is all digits, `computer` a boolean when it is one, every
// other known key a string; unknown
// keys and pairs without '=' are ignored.
room_list_query parse_room_list_query(std::string_view query);

// %XX and '+' decoded; a malformed escape is kept as it is.
std::string url_decode(std::string_view s);

}  // namespace ringside::server
