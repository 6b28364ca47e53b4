#include "move_picker.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace ringside::load {

namespace {

using json = nlohmann::json;

template <class T>
const T& pick(const std::vector<T>& v, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> d(0, v.size() - 1);
  return v[d(rng)];
}

std::optional<std::string> pick_capture(const json& state, std::mt19937_64& rng) {
  const auto caps = state.find("captures");
  if (caps == state.end() || !caps->is_array() || caps->empty()) return std::nullopt;
  std::uniform_int_distribution<std::size_t> d(0, caps->size() - 1);
  const json& chain = (*caps)[d(rng)];
  if (!chain.is_array() || chain.size() < 2 || !chain[0].is_string()) return std::nullopt;
  const auto rings = state.find("rings");
  if (rings == state.end() || !rings->is_object()) return std::nullopt;
  const auto start = rings->find(chain[0].get<std::string>());
  if (start == rings->end() || !start->is_string() || start->get<std::string>().size() != 1) {
    return std::nullopt;
  }
  std::string text = start->get<std::string>() + chain[0].get<std::string>();
  for (std::size_t i = 1; i < chain.size(); ++i) {
    if (!chain[i].is_string()) return std::nullopt;
    text += 'x';
    text += chain[i].get<std::string>();
  }
  return text;
}

// Colours with a marble to place: the shared pool, or when it is empty the mover's captures.
std::vector<std::string> placeable_colours(const json& state, int seat) {
  static constexpr std::array<const char*, 3> colours{"W", "G", "B"};
  std::vector<std::string> out;
  const auto count_in = [&](const json& counts) {
    out.clear();
    if (!counts.is_object()) return;
    for (const char* c : colours) {
      const auto it = counts.find(c);
      if (it != counts.end() && it->is_number_integer() && it->get<int>() > 0) out.emplace_back(c);
    }
  };
  if (const auto pool = state.find("pool"); pool != state.end()) count_in(*pool);
  if (!out.empty()) return out;
  const auto caps = state.find("captured");
  const auto i = static_cast<std::size_t>(seat - 1);
  if (caps != state.end() && caps->is_array() && caps->size() > i) count_in((*caps)[i]);
  return out;
}

std::optional<std::string> pick_placement(const json& state, int seat, std::mt19937_64& rng) {
  const auto colours = placeable_colours(state, seat);
  if (colours.empty()) return std::nullopt;
  const auto rings = state.find("rings");
  if (rings == state.end() || !rings->is_object()) return std::nullopt;
  std::vector<std::string> vacant;
  for (const auto& [cell, v] : rings->items()) {
    if (v.is_string() && v.get_ref<const std::string&>().empty()) vacant.push_back(cell);
  }
  if (vacant.empty()) return std::nullopt;
  const std::string& target = pick(vacant, rng);
  std::vector<std::string> removable;
  if (const auto rem = state.find("removable"); rem != state.end() && rem->is_array()) {
    for (const auto& r : *rem) {
      if (r.is_string() && r.get_ref<const std::string&>() != target) {
        removable.push_back(r.get<std::string>());
      }
    }
  }
  std::string text = pick(colours, rng) + target;
  if (!removable.empty()) text += "-" + pick(removable, rng);
  return text;
}

// A state that lists every legal move of the player to move (`legal`: DVONN's, and any game
// that publishes one): any of them will do.
std::optional<std::string> pick_listed(const json& state, std::mt19937_64& rng) {
  const auto legal = state.find("legal");
  if (legal == state.end() || !legal->is_array() || legal->empty()) return std::nullopt;
  std::uniform_int_distribution<std::size_t> d(0, legal->size() - 1);
  const json& move = (*legal)[d(rng)];
  if (!move.is_string()) return std::nullopt;
  return move.get<std::string>();
}

}  // namespace

std::optional<std::string> pick_move(const json& state, int seat, std::mt19937_64& rng) {
  // A listed move whatever the game, so a game that publishes `legal` needs nothing here.
  if (const auto legal = state.find("legal"); legal != state.end() && legal->is_array()) {
    return pick_listed(state, rng);
  }
  const auto must = state.find("must_capture");
  if (must != state.end() && must->is_boolean() && must->get<bool>()) {
    return pick_capture(state, rng);
  }
  return pick_placement(state, seat, rng);
}

}  // namespace ringside::load
