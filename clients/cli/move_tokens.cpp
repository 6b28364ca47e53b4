#include "clients/cli/move_tokens.hpp"

#include <algorithm>

#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

std::vector<std::string> strings_of(const json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const auto& v : list)
      if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}

std::vector<std::string> zertz_placements(const json& state) {
  std::vector<std::string> colours;
  const json& pool = field(state, "pool");
  for (const char* c : {"W", "G", "B"})
    if (field_int(pool, c, 0) > 0) colours.emplace_back(c);
  if (colours.empty()) {
    const json& captured = field(state, "captured");
    const auto i = static_cast<std::size_t>(field_int(state, "to_move", 0) - 1);
    const json& mine = captured.is_array() && captured.size() > i ? captured[i] : null_json();
    for (const char* c : {"W", "G", "B"})
      if (field_int(mine, c, 0) > 0) colours.emplace_back(c);
  }
  const json& rings = field(state, "rings");
  const auto removable = strings_of(field(state, "removable"));
  std::vector<std::string> out;
  if (!rings.is_object()) return out;
  for (const auto& [cell, marble] : rings.items()) {
    if (!marble.is_string() || !marble.get_ref<const std::string&>().empty()) continue;
    for (const auto& colour : colours) {
      bool removed_any = false;
      for (const auto& r : removable) {
        if (r == cell) continue;
        out.push_back(colour + cell + "-" + r);
        removed_any = true;
      }
      // With no other free ring the placement removes nothing (zertz-rules.md §4).
      if (!removed_any) out.push_back(colour + cell);
    }
  }
  return out;
}

}  // namespace

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
  if (field_string(state, "game") == "dvonn") {
    for (auto& m : strings_of(field(state, "legal")))
      if (m != "pass") out.push_back(std::move(m));  // the server plays forced passes
  } else if (field(state, "must_capture").is_boolean() &&
             field(state, "must_capture").get<bool>()) {
    out = capture_tokens(state);
  } else {
    out = zertz_placements(state);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ringside::cli
