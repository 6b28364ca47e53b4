#include "server/room_list_query.hpp"

#include "protocol/wire/utf8.hpp"

namespace ringside::server {

namespace {

int hex_digit(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                : -1;
}

}  // namespace

std::string url_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out.push_back(' ');
    } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

room_list_query parse_room_list_query(std::string_view query) {
  room_list_query out{nlohmann::json{{"type", "list_rooms"}}, {}};
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string key = url_decode(pair.substr(0, eq));
    if (key != "game" && key != "status" && key != "limit" && key != "before" &&
        key != "computer") {
      continue;
    }
    const std::string value = url_decode(pair.substr(eq + 1));
    if (!protocol::is_valid_utf8(value)) {
      out.error = "the query's '" + key + "' is not UTF-8 text once %-decoded";
      return out;
    }
    const bool digits = !value.empty() && value.size() <= 9 &&
                        value.find_first_not_of("0123456789") == std::string::npos;
    if (key == "limit" && digits) {
      out.message[key] = std::stoi(value);
    } else if (key == "computer" && (value == "true" || value == "false")) {
      out.message[key] = value == "true";
    } else {
      out.message[key] = value;
    }
  }
  return out;
}

}  // namespace ringside::server
