#pragma once
// any_game: one game of any kind in engine/games.hpp, as rooms, the lobby and the journal hold
// it. It forwards the board_game interface to the game inside, so nothing above the engine
// names a game. A value: a room plays a move on a copy and keeps the copy only once the
// journal has the move.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "engine/common/board_game.hpp"
#include "engine/games.hpp"

namespace ringside {

namespace detail {
template <class V>
struct reports_of;
template <class... G>
struct reports_of<std::variant<G...>> {
  static_assert((board_game<G> && ...), "every registered game meets board_game");
  using type = std::variant<report_of<G>...>;
};
}  // namespace detail

// What one accepted move did, in whichever game it was played.
using any_report = detail::reports_of<game_types>::type;

// The canonical token and the seat of any report.
const std::string& report_text(const any_report& r);
int report_by(const any_report& r);

// One registered game as a client offers it to a player creating a room (board_game's name,
// title, variants, boards and board_unit), and how many computer levels play it (0: none).
struct game_offer {
  std::string_view name;
  std::string_view title;
  std::span<const variant_offer> variants;  // the first is the default
  std::span<const int> boards;
  std::string_view board_unit;
  int computer_levels = 0;
};

class any_game {
 public:
  // A new game named `game` ("zertz", ...) of `variant` on a board of `board` cells (0: the
  // variant's own), or a sentence saying which games, variants or boards there are.
  static expected<any_game> create(std::string_view game, std::string_view variant, int board);
  // The registered games' names, e.g. "zertz or dvonn", for messages.
  static std::string known_games();
  // Every registered game in engine/games.hpp order, computer_levels left 0 (see
  // engine/computers.hpp for the list with them).
  static std::vector<game_offer> offers();
  // Any registered game as it stands (tools and tests start from positions this way).
  template <class G>
  requires std::is_constructible_v<game_types, G&&> any_game(G&& g) : game_(std::forward<G>(g)) {}

  // The board_game interface of the game inside (see engine/common/board_game.hpp).
  std::string_view name() const;
  std::string_view variant_name() const;
  int board_size() const;
  // How many moves one player typically makes in a game of this variant (its variant_offer).
  int typical_moves() const;
  expected<std::string> check_move(std::string_view text) const;
  expected<any_report> play(std::string_view text);
  int to_move() const;
  int ply() const;
  const std::vector<std::string>& history() const;
  const std::vector<int>& history_by() const;
  std::vector<std::string> legal_moves() const;
  std::optional<game_outcome> outcome() const;
  std::optional<std::array<int, 2>> score() const;
  std::string position_text() const;
  std::string write_record(const record_tags& tags) const;

  // The game itself, for the per-game code above the engine (the state document).
  const game_types& get() const { return game_; }

 private:
  explicit any_game(game_types g) : game_(std::move(g)) {}
  template <std::size_t I>
  friend expected<any_game> create_nth(std::string_view, std::string_view, int);

  game_types game_;
};

}  // namespace ringside
