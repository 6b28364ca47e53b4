#include "clients/cli/cli_game.hpp"

#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

// One line per game: its table, defined in its own file.
const cli_game& zertz_cli();
const cli_game& dvonn_cli();

const std::vector<const cli_game*>& cli_games() {
  static const std::vector<const cli_game*> games{&zertz_cli(), &dvonn_cli()};
  return games;
}

const cli_game* cli_game_named(std::string_view name) {
  for (const cli_game* g : cli_games())
    if (g->name == name) return g;
  return nullptr;
}

const cli_game& cli_game_of(const nlohmann::json& state) {
  const cli_game* g = cli_game_named(field_string(state, "game"));
  return g != nullptr ? *g : *cli_games().front();
}

std::string plural(int n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

std::vector<std::string> strings_of(const nlohmann::json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const auto& v : list)
      if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}

}  // namespace ringside::cli
