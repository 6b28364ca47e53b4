#pragma once
// protocol::state_document — a room's state document kept up to date by comparing typed values,
// so a change costs only what changed. Rebuilding the whole document and json::diff-ing it
// against the previous one cost most of the server's CPU per move, and grew with the history.
// The fields every game has are kept here; the game's own by its game_document.

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/any_game.hpp"
#include "protocol/game_document.hpp"
#include "protocol/state.hpp"
#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

class state_document {
 public:
  // An empty document (json() is null), for an owner that can only build its view later; call
  // reset() before anything else.
  state_document() = default;

  // The document of `view` over `g`, equal to build_state(view, g).
  state_document(const room_view& view, const any_game& g);

  // Replaces the document with build_state(view, g), for a room restored or restarted; emits
  // no ops (clients get a snapshot then).
  void reset(const room_view& view, const any_game& g);

  // Brings the document up to `view` over `g` and returns the RFC 6902 ops that did it (empty
  // when nothing changed). Afterwards json() == build_state(view, g), and the previous
  // json().patch(ops) gives the new json(). On an empty document, or when `g` is another game
  // than the document's, it acts as reset() and returns one op that replaces the whole.
  patch_ops update(const room_view& view, const any_game& g);

  // The current whole document, for snapshots and summaries.
  const nlohmann::json& json() const { return doc_; }
  // The document as a lean client has it (hello's `lean`): without the position text.
  nlohmann::json lean_json() const;

 private:
  // The room's facts and the game's common ones the document was last built from.
  struct facts {
    std::string room;
    std::string_view game;
    std::string_view variant;
    room_status status = room_status::waiting;
    bool rated = false;
    std::array<std::optional<player_view>, 2> players;
    int spectators = 0;
    int to_move = 0;
    int ply = 0;
    std::optional<int> draw_offer;
    std::optional<result_view> result;
    bool takebacks = false;
    std::optional<int> takeback_offer;
    std::optional<int> rematch_offer;
    std::optional<std::string> rematch;
  };
  // The offers' fields: takebacks, takeback_offer, rematch_offer, rematch.
  void diff_offers(const facts& next, patch_ops& ops);

  static facts read(const room_view& view, const any_game& g);
  void diff_players(const facts& next, patch_ops& ops);
  void diff_history(const std::vector<std::string>& history, const std::vector<int>& history_by,
                    patch_ops& ops);

  facts facts_;
  any_game_document game_part_;
  nlohmann::json doc_;
};

}  // namespace ringside::protocol
