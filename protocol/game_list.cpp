#include "protocol/game_list.hpp"

#include <array>
#include <utility>

#include "engine/computers.hpp"
#include "protocol/wire/messages.hpp"

namespace ringside::protocol {

namespace {

using nlohmann::json;

// Clocks a client suggests, {initial_s, increment_s}; a player may still ask for any other
// within the limits create_room checks. No game names one: every game is played on them.
constexpr std::array<std::pair<int, int>, 6> suggested_clocks{
    {{60, 0}, {180, 2}, {300, 3}, {600, 5}, {1200, 10}, {3600, 30}}};

json game_json(const game_offer& g) {
  json variants = json::array();
  for (const auto& v : g.variants) {
    json variant{{"name", v.name}, {"board", v.board}};
    json goals = json::object();
    for (const auto& goal : v.goals) {
      if (!goal.what.empty()) goals[std::string(goal.what)] = goal.count;
    }
    if (!goals.empty()) variant["win"] = goals;
    variants.push_back(variant);
  }
  json boards = json::array();
  for (const int b : g.boards) boards.push_back(b);
  return {{"name", g.name},   {"title", g.title},           {"variants", variants},
          {"boards", boards}, {"board_unit", g.board_unit}, {"computer_levels", g.computer_levels}};
}

json build() {
  json games = json::array();
  for (const auto& g : offered_games()) games.push_back(game_json(g));
  json clocks = json::array();
  for (const auto& [initial, increment] : suggested_clocks) {
    clocks.push_back({{"initial_s", initial}, {"increment_s", increment}});
  }
  // The correspondence clocks, apart: `clocks` keeps the one shape older clients know.
  json days = json::array();
  for (const auto d : correspondence_days) days.push_back(d);
  return {{"games", games}, {"clocks", clocks}, {"correspondence_days", days}};
}

}  // namespace

const json& game_list() {
  static const json list = build();
  return list;
}

}  // namespace ringside::protocol
