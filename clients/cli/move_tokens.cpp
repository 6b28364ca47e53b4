#include "clients/cli/move_tokens.hpp"

#include <algorithm>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

std::vector<std::string> capture_tokens(const json& state) {
  std::vector<std::string> out;
  const json& caps = field(state, "captures");
  const json& rings = field(state, "rings");
  if (!caps.is_array()) return out;
  for (const auto& chain : caps) {
    if (!chain.is_array() || chain.empty() || !chain[0].is_string()) continue;
    // The token names the jumping marble's colour, which the board shows at the start cell.
    std::string token = field_string(rings, chain[0].get<std::string>());
    for (std::size_t i = 0; i < chain.size(); ++i) {
      if (!chain[i].is_string()) continue;
      if (i > 0) token += 'x';
      token += chain[i].get<std::string>();
    }
    out.push_back(std::move(token));
  }
  return out;
}

std::vector<std::string> legal_tokens(const json& state) {
  std::vector<std::string> out;
  if (field_string(state, "status") != "playing") return out;
  out = cli_game_of(state).legal_tokens(state);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ringside::cli
