#pragma once
// ZÈRTZ's part of the room state document (protocol.md, "The room state (ZÈRTZ)"): board,
// rings, pool, captured, must_capture, captures, removable, last_move and zip. Included by
// protocol/game_document.hpp; see there for what each member promises.

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/zertz/game.hpp"
#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

template <class G>
class game_document;

template <>
class game_document<zertz::game> {
 public:
  using game_type = zertz::game;
  // The position text, which lean clients go without (docs/protocol.md, hello's `lean`).
  static constexpr const char* position_field = "zip";
  static void write(const zertz::game& g, const zertz::move_report* last, nlohmann::json& doc);
  void reset(const zertz::game& g, const zertz::move_report* last);
  void update(const zertz::game& g, const zertz::move_report* last, nlohmann::json& doc,
              patch_ops& ops);

 private:
  // What the fields were last written from; compared field by field on update.
  struct facts {
    zertz::variant rules = zertz::variant::standard;
    int board = 0;
    std::string zip;
    std::vector<zertz::ring_view> rings;
    zertz::marble_counts pool;
    std::array<zertz::marble_counts, 2> captured;
    bool must_capture = false;
    std::vector<std::vector<std::string>> captures;
    std::vector<std::string> removable;
    std::optional<zertz::move_report> last_move;
  };
  // The rings, pool, captures and the lists derived from the position.
  static void read_position(const zertz::game& g, facts& f);
  void diff_rings(const facts& next, nlohmann::json& doc, patch_ops& ops);

  facts facts_;
};

}  // namespace ringside::protocol
