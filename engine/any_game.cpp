#include "engine/any_game.hpp"

namespace ringside {

template <std::size_t I>
expected<any_game> create_nth(std::string_view game, std::string_view variant, int board) {
  if constexpr (I == std::variant_size_v<game_types>) {
    return fail("there is no game \"" + std::string(game.substr(0, 32)) + "\" here; choose " +
                any_game::known_games());
  } else {
    using G = std::variant_alternative_t<I, game_types>;
    if (game != G::name) return create_nth<I + 1>(game, variant, board);
    auto g = G::create(variant, board);
    if (!g) return fail(g.error());
    return any_game(game_types(std::in_place_index<I>, std::move(*g)));
  }
}

expected<any_game> any_game::create(std::string_view game, std::string_view variant, int board) {
  return create_nth<0>(game, variant, board);
}

std::string any_game::known_games() {
  std::string out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((out += (I == 0                  ? ""
              : I + 1 == sizeof...(I) ? " or "
                                      : ", "),
      out += std::variant_alternative_t<I, game_types>::name),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<game_types>>{});
  return out;
}

std::vector<game_offer> any_game::offers() {
  std::vector<game_offer> out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (out.push_back(game_offer{std::variant_alternative_t<I, game_types>::name,
                              std::variant_alternative_t<I, game_types>::title,
                              std::variant_alternative_t<I, game_types>::variants,
                              std::variant_alternative_t<I, game_types>::boards,
                              std::variant_alternative_t<I, game_types>::board_unit, 0}),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<game_types>>{});
  return out;
}

const std::string& report_text(const any_report& r) {
  return std::visit([](const auto& x) -> const std::string& { return x.text; }, r);
}

int report_by(const any_report& r) {
  return std::visit([](const auto& x) { return static_cast<int>(x.by); }, r);
}

std::string_view any_game::name() const {
  return std::visit([](const auto& g) { return std::string_view(g.name); }, game_);
}
std::string_view any_game::variant_name() const {
  return std::visit([](const auto& g) { return std::string_view(g.variant_name()); }, game_);
}
int any_game::board_size() const {
  return std::visit([](const auto& g) { return g.board_size(); }, game_);
}
int any_game::typical_moves() const {
  return std::visit(
      [](const auto& g) {
        for (const auto& v : g.variants) {
          if (v.name == g.variant_name()) return v.typical_moves;
        }
        return 0;
      },
      game_);
}
expected<std::string> any_game::check_move(std::string_view text) const {
  return std::visit([&](const auto& g) { return g.check_move(text); }, game_);
}
expected<any_report> any_game::play(std::string_view text) {
  return std::visit(
      [&](auto& g) -> expected<any_report> {
        auto r = g.play(text);
        if (!r) return fail(r.error());
        return any_report(std::move(*r));
      },
      game_);
}
int any_game::to_move() const {
  return std::visit([](const auto& g) { return g.to_move(); }, game_);
}
int any_game::ply() const {
  return std::visit([](const auto& g) { return g.ply(); }, game_);
}
const std::vector<std::string>& any_game::history() const {
  return std::visit([](const auto& g) -> const std::vector<std::string>& { return g.history(); },
                    game_);
}
const std::vector<int>& any_game::history_by() const {
  return std::visit([](const auto& g) -> const std::vector<int>& { return g.history_by(); }, game_);
}
std::vector<std::string> any_game::legal_moves() const {
  return std::visit([](const auto& g) { return g.legal_moves(); }, game_);
}
std::optional<game_outcome> any_game::outcome() const {
  return std::visit([](const auto& g) { return g.outcome(); }, game_);
}
std::optional<std::array<int, 2>> any_game::score() const {
  return std::visit([](const auto& g) { return g.score(); }, game_);
}
std::string any_game::position_text() const {
  return std::visit([](const auto& g) { return g.position_text(); }, game_);
}
std::string any_game::write_record(const record_tags& tags) const {
  return std::visit([&](const auto& g) { return g.write_record(tags); }, game_);
}

}  // namespace ringside
