#include "clients/cli/room_view.hpp"

namespace ringside::cli {

using nlohmann::json;

std::string room_view::status() const {
  const auto it = state().find("status");
  return it != state().end() && it->is_string() ? it->get<std::string>() : std::string();
}

int room_view::to_move() const {
  const auto it = state().find("to_move");
  return it != state().end() && it->is_number_integer() ? it->get<int>() : 0;
}

bool room_view::my_turn() const {
  return seat_.has_value() && status() == "playing" && to_move() == *seat_;
}

std::vector<std::string> room_view::cells() const {
  std::vector<std::string> out;
  const auto it = state().find("rings");
  if (it == state().end() || !it->is_object()) return out;
  for (const auto& [cell, occupant] : it->items()) out.push_back(cell);
  return out;
}

std::vector<std::string> room_view::capture_tokens() const {
  std::vector<std::string> out;
  const auto caps = state().find("captures");
  const auto rings = state().find("rings");
  if (caps == state().end() || !caps->is_array() || rings == state().end() || !rings->is_object())
    return out;
  for (const auto& chain : *caps) {
    if (!chain.is_array() || chain.empty() || !chain[0].is_string()) continue;
    // The token names the jumping marble's colour, which the board shows at the start cell.
    const auto start = chain[0].get<std::string>();
    const auto colour = rings->find(start);
    std::string token =
        colour != rings->end() && colour->is_string() ? colour->get<std::string>() : "";
    token += start;
    for (std::size_t i = 1; i < chain.size(); ++i)
      if (chain[i].is_string()) {
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on `"x" + string`.
        token += 'x';
        token += chain[i].get<std::string>();
      }
    out.push_back(token);
  }
  return out;
}

}  // namespace ringside::cli
