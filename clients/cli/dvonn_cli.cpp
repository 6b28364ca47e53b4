// The terminal client's DVONN: its table (cli_game.hpp) and the wording only DVONN needs.
#include <cctype>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/dvonn_renderer.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

// A DVONN cell: a..k and 1..5, either case.
bool is_dvonn_cell(std::string_view s) {
  if (s.size() != 2) return false;
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return c >= 'a' && c <= 'k' && s[1] >= '1' && s[1] <= '5';
}

bool looks_like_dvonn_move(std::string_view w) {
  if (w.size() == 2) return is_dvonn_cell(w);
  if (w.size() == 4) return is_dvonn_cell(w.substr(0, 2)) && is_dvonn_cell(w.substr(2));
  if (w.size() == 5 && w[2] == '-')
    return is_dvonn_cell(w.substr(0, 2)) && is_dvonn_cell(w.substr(3));
  return false;
}

std::string dvonn_normalize(std::string_view word) {
  std::string out(word);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> dvonn_tokens(const json& state) {
  std::vector<std::string> out;
  for (auto& m : strings_of(field(state, "legal")))
    if (m != "pass") out.push_back(std::move(m));  // the server plays forced passes
  return out;
}

std::string dvonn_move(const json& state, const json& last, const std::string& who) {
  const std::string move = field_string(last, "move");
  if (move == "pass") return who + " passed: no stack can move";
  std::string out;
  if (move.size() <= 3) {
    const std::string stack = field_string(field(state, "stacks"), move);
    out = who + " placed " + (stack == "D" ? "a DVONN piece" : "a piece") + " on " + move;
  } else {
    const auto split = move.find_first_of("abcdefghijk", 1);
    out = who + " moved " + move.substr(0, split) + " onto " + move.substr(split);
  }
  const json& removed = field(last, "removed");
  if (removed.is_object() && !removed.empty())
    out += "; " + plural(static_cast<int>(removed.size()), "stack") + " cut off and removed";
  return visible(out);
}

std::string no_words(const json&, const std::string&, int, const std::string&) {
  return "";  // a DVONN result is its score
}

constexpr std::string_view moves_help =
    "DVONN (cells a1..k5; the long rows run across, row 1 at the bottom)\n"
    "  c3          place your next piece on c3 (the first three are the red DVONN pieces)\n"
    "  c3e3        move your stack on c3 onto the stack on e3: in a straight line, exactly\n"
    "              as many cells as it is high (c3-e3 works too)\n"
    "  A stack shows its owner and height (W3, B1) and * when it holds a DVONN piece.\n"
    "  Stacks cut off from every DVONN piece are removed. The higher total height wins.\n";

}  // namespace

const cli_game& dvonn_cli() {
  static const cli_game table{"dvonn",
                              "DVONN",
                              {"standard"},
                              {49},
                              looks_like_dvonn_move,
                              dvonn_normalize,
                              dvonn_tokens,
                              render_dvonn,
                              dvonn_move,
                              no_words,
                              true,
                              "c3, c3e3",
                              moves_help};
  return table;
}

}  // namespace ringside::cli
