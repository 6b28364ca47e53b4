#pragma once
// protocol::state_document — a room's state document kept up to date by comparing typed values,
// so a change costs only what changed. Rebuilding the whole document and json::diff-ing it
// against the previous one cost most of the server's CPU per move, and grew with the history.

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/zertz/game.hpp"
#include "protocol/patch_ops.hpp"
#include "protocol/state.hpp"

namespace ringside::protocol {

class state_document {
 public:
  // An empty document (json() is null), for an owner that can only build its view later; call
  // reset() before anything else.
  state_document() = default;

  // The document of `view` over `g`, equal to build_state(view, g).
  state_document(const room_view& view, const zertz::game& g);

  // Replaces the document with build_state(view, g), for a room restored or restarted; emits
  // no ops (clients get a snapshot then).
  void reset(const room_view& view, const zertz::game& g);

  // Brings the document up to `view` over `g` and returns the RFC 6902 ops that did it (empty
  // when nothing changed). Afterwards json() == build_state(view, g), and the previous
  // json().patch(ops) gives the new json(). On an empty document it acts as reset() and
  // returns one op that replaces the whole (null) document.
  patch_ops update(const room_view& view, const zertz::game& g);

  // The current whole document, for snapshots and summaries.
  const nlohmann::json& json() const { return doc_; }

 private:
  // The typed values the document was last built from; compared field by field on update.
  struct facts {
    std::string room;
    zertz::variant rules = zertz::variant::standard;
    int board = 0;
    room_status status = room_status::waiting;
    std::array<std::optional<player_view>, 2> players;
    int spectators = 0;
    int to_move = 0;
    int ply = 0;
    std::vector<zertz::ring_view> rings;
    zertz::marble_counts pool;
    std::array<zertz::marble_counts, 2> captured;
    bool must_capture = false;
    std::vector<std::vector<std::string>> captures;
    std::vector<std::string> removable;
    std::string zip;
    std::optional<zertz::move_report> last_move;
    std::optional<int> draw_offer;
    std::optional<result_view> result;
  };

  static facts read(const room_view& view, const zertz::game& g);
  // The room's facts and the engine's scalars (to_move, ply, zip), without the position.
  static facts read_room(const room_view& view, const zertz::game& g);
  // Rings, pool, captured and the lists derived from the position.
  static void read_position(const zertz::game& g, facts& f);
  void diff_position(const facts& next, patch_ops& ops);
  void diff_players(const facts& next, patch_ops& ops);
  void diff_rings(const facts& next, patch_ops& ops);
  void diff_history(const std::vector<std::string>& history, patch_ops& ops);

  facts facts_;
  nlohmann::json doc_;
};

}  // namespace ringside::protocol
