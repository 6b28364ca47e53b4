#pragma once
// game_document<G>: one game's own fields of the room state document; the fields every game
// has are state.hpp's. Each game in engine/games.hpp specialises it in
// protocol/<game>_document.hpp, included at the end of this file, with:
//
//   using game_type = G;
//   static constexpr const char* position_field;
//       the field holding the position text, which lean clients go without;
//   static void write(const G& g, const report_of<G>* last, nlohmann::json& doc);
//       adds the game's fields to `doc` (an object), as build_state does;
//   void reset(const G& g, const report_of<G>* last);
//       remembers what the document's game fields were written from;
//   void update(const G& g, const report_of<G>* last, nlohmann::json& doc, patch_ops& ops);
//       brings those fields of `doc` up to `g` and `last` (the room's last move, null when
//       there is none), appending the RFC 6902 ops that did it.

#include <optional>
#include <variant>

#include "engine/any_game.hpp"

namespace ringside::protocol {

template <class G>
class game_document;

// The room's last move when it was a move of game G, else null.
template <class G>
const report_of<G>* last_report(const std::optional<any_report>& r) {
  return r ? std::get_if<report_of<G>>(&*r) : nullptr;
}

namespace detail {
template <class V>
struct documents_of;
template <class... G>
struct documents_of<std::variant<G...>> {
  using type = std::variant<game_document<G>...>;
};
}  // namespace detail

}  // namespace ringside::protocol

// One per registered game.
#include "protocol/dvonn_document.hpp"
#include "protocol/zertz_document.hpp"

namespace ringside::protocol {

// A state document's game part, for whichever game its room plays.
using any_game_document = detail::documents_of<game_types>::type;

}  // namespace ringside::protocol
