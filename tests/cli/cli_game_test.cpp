// The CLI's game registry (clients/cli/cli_game.hpp): every game the client knows is one
// table, the rest of the client asks it, and each table offers the same variants and boards as
// the engine's registry (the server's GET /api/games), so `new` and Tab never offer a choice
// the server refuses.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/command.hpp"
#include "clients/cli/completion.hpp"
#include "clients/cli/move_tokens.hpp"
#include "engine/any_game.hpp"

namespace ringside::cli {

using nlohmann::json;

TEST_CASE("each table matches the engine's offer of its game") {
  const auto offers = any_game::offers();
  REQUIRE(cli_games().size() == offers.size());
  for (const auto& offer : offers) {
    CAPTURE(offer.name);
    const cli_game* g = cli_game_named(offer.name);
    REQUIRE(g != nullptr);
    std::vector<std::string_view> variants;
    for (const auto& v : offer.variants) variants.push_back(v.name);
    CHECK(g->variants == variants);
    CHECK(g->boards == std::vector<int>(offer.boards.begin(), offer.boards.end()));
  }
}

TEST_CASE("the registry picks a state's game, and the first game for one it does not know") {
  CHECK(cli_game_of(json{{"game", "dvonn"}}).name == "dvonn");
  CHECK(cli_game_of(json{{"game", "zertz"}}).name == "zertz");
  CHECK(cli_game_of(json{{"game", "yinsh"}}).name == cli_games().front()->name);
  CHECK(cli_game_of(json::array()).name == cli_games().front()->name);
  CHECK(cli_game_named("chess") == nullptr);
}

TEST_CASE("new takes every game and variant in the tables, and a one-board game takes no board") {
  for (const cli_game* g : cli_games()) {
    CAPTURE(g->name);
    for (const auto v : g->variants) {
      const auto p = parse_new_room({std::string(g->name), std::string(v)});
      CHECK(p.error.empty());
      CHECK(p.options.game == g->name);
      CHECK(p.options.variant == v);
    }
  }
  CHECK(parse_new_room({"dvonn", "49"}).error.find("DVONN has one board") == 0);
  CHECK(parse_new_room({"dvonn", "blitz"}).error.find("DVONN has one board") == 0);
  CHECK(parse_new_room({"zertz", "tournament", "48"}).error.empty());
}

TEST_CASE("Tab after new offers each game, its variants, and boards of games with several") {
  const auto words = complete_word("", "new", {});
  const std::set<std::string> got(words.begin(), words.end());
  for (const char* w : {"zertz", "dvonn", "standard", "blitz", "tournament", "37", "61"}) {
    CHECK_MESSAGE(got.count(w) == 1, w);
  }
  CHECK(got.count("49") == 0);  // DVONN's only board is never typed
}

TEST_CASE("a bare word is a move when some game's table says so, spelt as that game spells it") {
  CHECK(looks_like_move("wd4-a1"));
  CHECK(normalize_move("wd4-a1") == "Wd4-a1");
  CHECK(looks_like_move("C3E3"));
  CHECK(normalize_move("C3E3") == "c3e3");
  CHECK(looks_like_move("pass"));
  CHECK_FALSE(looks_like_move("hello"));
}

}  // namespace ringside::cli
