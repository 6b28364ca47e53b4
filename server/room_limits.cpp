#include "server/room_limits.hpp"

namespace ringside::server {

std::string_view to_string(spectator_chat c) {
  switch (c) {
    case spectator_chat::on:
      return "on";
    case spectator_chat::slow:
      return "slow";
    case spectator_chat::off:
      return "off";
  }
  return "on";
}

std::optional<spectator_chat> parse_spectator_chat(std::string_view s) {
  for (const auto c : {spectator_chat::on, spectator_chat::slow, spectator_chat::off}) {
    if (s == to_string(c)) return c;
  }
  return std::nullopt;
}

}  // namespace ringside::server
