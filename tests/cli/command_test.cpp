// Command lines, completion and URL parsing: what the user types becomes the right request.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "clients/cli/command.hpp"
#include "clients/cli/name_prompt.hpp"
#include "clients/cli/options.hpp"

using namespace ringside::cli;

TEST_CASE("a bare move token is a move and other words are verbs") {
  for (const char* token : {"Wd4-a1", "Gc3", "Bd1xd3xd5", "pass", "Wd4,a1", "wd4-a1", "gc3", "c3",
                            "c3e3", "C3-E3", "b3d3"}) {
    CAPTURE(token);
    const command c = parse_command(token);
    CHECK(c.verb == "move");
    REQUIRE(c.args.size() == 1);
    CHECK(c.args[0] == token);
  }
  for (const char* word : {"Wd4-", "Xd4", "W44", "Wdd", "new", "Bd1x", "l3", "c6", "c3e", "help"})
    CHECK_FALSE(looks_like_move(word));
  // Shaped like a move though on no board: sent as one, so the server says what is wrong.
  for (const char* word : {"d9", "l3", "z1", "Wz9-a1", "c3k9", "Bd1xd9", "a10"}) {
    CAPTURE(word);
    CHECK(shaped_like_move(word));
    CHECK(parse_command(word).verb == "move");
  }
  for (const char* word :
       {"help", "new", "rooms", "d", "9", "Wd4-", "d9x", "dd9", "room-file", "wait-turn", "a100"}) {
    CAPTURE(word);
    CHECK_FALSE(shaped_like_move(word));
    CHECK(parse_command(word).verb != "move");
  }
  CHECK(normalize_move("wd4-A1") == "Wd4-a1");
  CHECK(normalize_move("BD1XD3") == "Bd1xd3");
  CHECK(normalize_move("C3-E3") == "c3-e3");
  CHECK(normalize_move("b3d3") == "b3d3");
  CHECK(normalize_move("pass") == "pass");
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
  CHECK_FALSE(p.options.rated);
  CHECK(parse_new_room({"rated", "10+0"}).options.rated);
  CHECK(parse_new_room({}).options.variant == "standard");
  CHECK(parse_new_room({}).options.game == "zertz");
  CHECK_FALSE(parse_new_room({"chess"}).error.empty());
  CHECK(parse_new_room({"5+x"}).error.find("minutes+increment") != std::string::npos);
  const auto d = parse_new_room({"dvonn", "10+5", "second"});
  REQUIRE(d.error.empty());
  CHECK(d.options.game == "dvonn");
  CHECK(d.options.clock_initial_s == 600);
  CHECK(parse_new_room({"0.5+0"}).options.clock_initial_s == 30);
  CHECK(parse_new_room({"0.25+2"}).options.clock_initial_s == 15);
  CHECK_FALSE(parse_new_room({"0+0"}).error.empty());
  CHECK_FALSE(parse_new_room({"0.x+0"}).error.empty());
  CHECK_FALSE(parse_new_room({"dvonn", "blitz"}).error.empty());
  // "3d": a correspondence clock of 3 days per move (the server says which counts it offers).
  const auto corr = parse_new_room({"dvonn", "3d"});
  REQUIRE(corr.error.empty());
  CHECK(corr.options.days_per_move == 3);
  CHECK_FALSE(corr.options.clock_initial_s);
  CHECK_FALSE(parse_new_room({"dvonn", "61"}).error.empty());
}

TEST_CASE("help moves explains both games' notation") {
  const std::string m = help_moves_text();
  for (const char* token : {"Wd4-a1", "Gc3", "Bd1xd3xd5", "c3e3", "pass", "board coords",
                            "minutes+increment", "compulsory"})
    CHECK_MESSAGE(m.find(token) != std::string::npos, token);
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

TEST_CASE("help is one screen naming every interactive command; help all has the rest") {
  const std::string help = help_text();
  CHECK(std::count(help.begin(), help.end(), '\n') <= 20);
  std::size_t longest = 0;
  for (std::size_t at = 0, nl; (nl = help.find('\n', at)) != std::string::npos; at = nl + 1)
    longest = std::max(longest, nl - at);
  CHECK(longest <= 80);
  for (const auto& c : command_table()) {
    if (c.script_only || c.verb == "help" || c.verb == "move") continue;
    CAPTURE(c.verb);
    // As a word: after a space, before a space or a comma.
    bool named = false;
    const std::string verb(c.verb);
    for (auto at = help.find(" " + verb); at != std::string::npos && !named;
         at = help.find(" " + verb, at + 1)) {
      const char after = help[at + 1 + verb.size()];
      named = after == ' ' || after == ',';
    }
    CHECK(named);
  }
  CHECK(help.find("help all") != std::string::npos);
  CHECK(help.find("help moves") != std::string::npos);
}

TEST_CASE("help all lists every command with an example") {
  const std::string help = help_all_text();
  for (const auto& c : command_table()) {
    CAPTURE(c.verb);
    CHECK(help.find(std::string(c.usage)) != std::string::npos);
    CHECK(help.find("e.g. " + std::string(c.example)) != std::string::npos);
  }
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

TEST_CASE("with no name given, the client asks for one until it gets one") {
  std::istringstream in("\n   \n  Zoë Λ  \n");
  std::ostringstream out;
  CHECK(ask_name(in, out) == std::optional<std::string>("Zoë Λ"));
  CHECK(out.str().find("Your name") != std::string::npos);
  std::istringstream none("\n");
  CHECK_FALSE(ask_name(none, out).has_value());
  // Cut to 24 bytes, never inside a character.
  std::istringstream longer(std::string(23, 'a') + "ë\n");
  CHECK(ask_name(longer, out) == std::optional<std::string>(std::string(23, 'a')));
  ::unsetenv("USER");
  CHECK(parse_options(1, std::vector<char*>{const_cast<char*>("ringside")}.data()).name.empty());
}
