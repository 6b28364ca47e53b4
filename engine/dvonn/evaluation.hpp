#pragma once
// The static evaluation of a DVONN position, as the search's leaves see it.

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

// Terms of the evaluation that a match can switch off (a bit set in `off`) to measure what
// each is worth; the search always runs with all of them on.
namespace term {
inline constexpr std::uint32_t mobility = 1u << 0;  // stack moves available to each side
inline constexpr std::uint32_t risk = 1u << 1;      // height far from every DVONN piece
inline constexpr std::uint32_t stacks = 1u << 2;    // how many stacks each side tops
inline constexpr std::uint32_t reach = 1u << 3;     // height the other side can land on next
inline constexpr std::uint32_t distance = 1u << 4;  // placing: distance to the DVONN pieces
}  // namespace term

struct term_name {
  std::string_view name;
  std::uint32_t bit;
};
// The switchable terms by the names ringside-match takes ("5/reach=0").
inline constexpr std::array<term_name, 5> term_names{{{"mobility", term::mobility},
                                                      {"risk", term::risk},
                                                      {"stacks", term::stacks},
                                                      {"reach", term::reach},
                                                      {"distance", term::distance}}};

// How good `p` is for the side to move, in hundredths of a piece of controlled height.
// Moving phase: controlled height (what the score counts), mobility (stack moves available),
// stacks at risk (far from every DVONN piece through occupied cells, which a cut can take off
// the board), the number of stacks each side tops (more stacks, more moves and fewer cuts that
// hurt), and the height each side can land on with its next move (what a capture wins).
// Placing phase: pieces near a DVONN piece (safe, and they can take it), on the edge (free to
// move when the moving starts) and next to the opponent's pieces.
// A finished game is not scored here: the search scores it as a win, loss or tie.
int evaluate(const position& p, std::uint32_t off = 0);

// Stack moves side `side` has now (blocked stacks and lone DVONN pieces have none).
int mobility(const position& p, int side);

}  // namespace ringside::dvonn
