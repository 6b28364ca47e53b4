// Command lines, completion and URL parsing: what the user types becomes the right request.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "clients/cli/command.hpp"
#include "clients/cli/completion.hpp"
#include "clients/cli/options.hpp"

using namespace ringside::cli;

TEST_CASE("a bare move token is a move and other words are verbs") {
  for (const char* token : {"Wd4-a1", "Gc3", "Bd1xd3xd5", "pass", "Wd4,a1"}) {
    CAPTURE(token);
    const command c = parse_command(token);
    CHECK(c.verb == "move");
    REQUIRE(c.args.size() == 1);
    CHECK(c.args[0] == token);
  }
  for (const char* word : {"Wd4-", "Xd4", "W44", "Wdd", "new", "Bd1x"})
    CHECK_FALSE(looks_like_move(word));
  const command say = parse_command("  say   good  game  ");
  CHECK(say.verb == "say");
  CHECK(say.rest == "good  game");
  CHECK(say.args.size() == 2);
  CHECK(parse_command("# a comment").verb.empty());
  CHECK(parse_command("   ").verb.empty());
}

TEST_CASE("new takes its options in any order and rejects what it does not know") {
  const auto p = parse_new_room({"5+3", "blitz", "first", "61", "private"});
  REQUIRE(p.error.empty());
  CHECK(p.options.variant == "blitz");
  CHECK(p.options.board == 61);
  CHECK(p.options.clock_initial_s == 300);
  CHECK(p.options.clock_increment_s == 3);
  CHECK(p.options.seat == "first");
  CHECK(p.options.is_private);
  CHECK(parse_new_room({}).options.variant == "standard");
  CHECK_FALSE(parse_new_room({"chess"}).error.empty());
  CHECK_FALSE(parse_new_room({"5+x"}).error.empty());
}

TEST_CASE("new zertz computer 3 asks for the computer as the opponent") {
  const auto p = parse_new_room({"zertz", "computer", "3", "blitz"});
  REQUIRE(p.error.empty());
  CHECK(p.options.computer_level == 3);
  CHECK(p.options.variant == "blitz");
  CHECK_FALSE(parse_new_room({}).options.computer_level.has_value());
  CHECK_FALSE(parse_new_room({"computer"}).error.empty());
  CHECK_FALSE(parse_new_room({"computer", "6"}).error.empty());
  CHECK_FALSE(parse_new_room({"computer", "x"}).error.empty());
}

TEST_CASE("help lists every command with an example") {
  const std::string help = help_text();
  for (const auto& c : command_table()) {
    CAPTURE(c.verb);
    CHECK(help.find(std::string(c.usage)) != std::string::npos);
    CHECK(help.find("e.g. " + std::string(c.example)) != std::string::npos);
  }
}

TEST_CASE("Tab completes commands, cells, move tokens and rooms") {
  completion_context ctx{{"a1", "a2", "d4", "d5"}, {"Bd1xd3xd5"}, {"k3x9q2"}};
  using v = std::vector<std::string>;
  CHECK(complete_word("wa", "", ctx) ==
        v{"wait-result", "wait-status", "wait-turn", "wait-version", "watch"});
  CHECK(complete_word("re", "", ctx) == v{"resign"});
  CHECK(complete_word("Wd", "", ctx) == v{"Wd4", "Wd5"});
  CHECK(complete_word("Wd4-a", "", ctx) == v{"Wd4-a1", "Wd4-a2"});
  CHECK(complete_word("Bd", "move", ctx) == v{"Bd1xd3xd5", "Bd4", "Bd5"});
  CHECK(complete_word("k", "join", ctx) == v{"k3x9q2"});
  CHECK(complete_word("", "watch", ctx) == v{"k3x9q2"});
  CHECK(complete_word("bl", "new", ctx) == v{"blitz"});
}

TEST_CASE("the command line: NO_COLOR, --no-color, names and mistakes") {
  auto parse = [](std::vector<std::string> words) {
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    return parse_options(static_cast<int>(argv.size()), argv.data());
  };
  ::unsetenv("NO_COLOR");
  ::setenv("USER", "zoe", 1);
  const options plain = parse({"ringside"});
  CHECK(plain.color);
  CHECK(plain.name == "zoe");
  CHECK(plain.server == "ws://127.0.0.1:8080/ws");
  CHECK_FALSE(parse({"ringside", "--no-color"}).color);
  CHECK_FALSE(parse({"ringside", "--script"}).color);
  ::setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(parse({"ringside"}).color);
  ::unsetenv("NO_COLOR");
  const options named =
      parse({"ringside", "--name", std::string(30, 'n'), "--server", "ws://h:1/ws"});
  CHECK(named.name.size() == 24);
  CHECK(named.server == "ws://h:1/ws");
  CHECK(parse({"ringside", "--timeout", "2.5"}).timeout == std::chrono::milliseconds(2500));
  CHECK_FALSE(parse({"ringside", "--frobnicate"}).error.empty());
  CHECK_FALSE(parse({"ringside", "--name"}).error.empty());
  CHECK_FALSE(parse({"ringside", "--timeout", "0"}).error.empty());
}
