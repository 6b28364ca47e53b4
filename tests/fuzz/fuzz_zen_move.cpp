// fuzz_zen_move: move text against a few fixed positions. The first byte picks the position;
// the rest is one move per line, played in turn. check_move and play must agree: what one
// accepts the other plays, under the same canonical token, and that token is a legal move;
// a rejected move leaves the game untouched.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/zertz/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/fuzz/fuzz_positions.hpp"

using namespace ringside::zertz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<game> positions = ringside::fuzz::fuzz_positions();
  if (size == 0 || positions.empty()) return 0;
  game g = positions[data[0] % positions.size()];
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);

  for (int line = 0; line < 32 && !rest.empty(); ++line) {
    const auto nl = rest.find('\n');
    const std::string_view text = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);

    const std::string before = g.zip();
    const int ply = g.ply();
    const auto checked = g.check_move(text);
    if (checked) {
      const auto legal = g.legal_moves();
      FUZZ_CHECK(std::binary_search(legal.begin(), legal.end(), *checked),
                 "check_move's canonical token is in legal_moves()");
    }
    auto played = g.play(text);
    FUZZ_CHECK(checked.has_value() == played.has_value(), "check_move and play agree");
    if (!played) {
      FUZZ_CHECK(!checked.error().empty() && !played.error().empty(), "a rejection says why");
      FUZZ_CHECK(g.zip() == before && g.ply() == ply, "a rejected move changes nothing");
      continue;
    }
    FUZZ_CHECK(played->text == *checked, "play reports check_move's canonical token");
    FUZZ_CHECK(played->by == 1 || played->by == 2, "the mover is a seat");
    FUZZ_CHECK(g.ply() > ply, "play advances the ply");
    FUZZ_CHECK(g.history().size() == static_cast<std::size_t>(g.ply()),
               "history has one entry per ply, passes included");
  }
  return 0;
}
