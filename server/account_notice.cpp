#include "server/account_notice.hpp"

#include <nlohmann/json.hpp>

namespace ringside::server {

std::string account_notice::encode() const {
  nlohmann::json j{{"from", from}, {"revoked", revoked}};
  if (!player.empty()) j["player"] = player;
  return j.dump();
}

std::optional<account_notice> account_notice::decode(std::string_view payload) {
  const auto j = nlohmann::json::parse(payload, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto from = j.find("from");
  const auto revoked = j.find("revoked");
  const auto player = j.find("player");
  if (from == j.end() || !from->is_string() || revoked == j.end() || !revoked->is_string()) {
    return std::nullopt;
  }
  // Absent, the notice is from a node that names no account: read them all.
  if (player != j.end() && !player->is_string()) return std::nullopt;
  account_notice n{from->get<std::string>(), {}, revoked->get<std::string>()};
  if (player != j.end()) n.player = player->get<std::string>();
  if (n.from.empty()) return std::nullopt;
  return n;
}

}  // namespace ringside::server
