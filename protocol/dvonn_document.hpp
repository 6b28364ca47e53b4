#pragma once
// DVONN's part of the room state document (protocol.md, "The room state (DVONN)"): phase,
// placed, stacks, to_place, legal, score, last_move and position. Included by
// protocol/game_document.hpp; see there for what each member promises.

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/dvonn/game.hpp"
#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

template <class G>
class game_document;

template <>
class game_document<dvonn::game> {
 public:
  using game_type = dvonn::game;
  // The position text, which lean clients go without (docs/protocol.md, hello's `lean`).
  static constexpr const char* position_field = "position";
  static void write(const dvonn::game& g, const dvonn::move_report* last, nlohmann::json& doc);
  void reset(const dvonn::game& g, const dvonn::move_report* last);
  void update(const dvonn::game& g, const dvonn::move_report* last, nlohmann::json& doc,
              patch_ops& ops);

 private:
  // What the fields were last written from; compared field by field on update.
  struct facts {
    std::string position;
    dvonn::game_phase phase = dvonn::game_phase::placement;
    int placed = 0;
    std::vector<dvonn::stack_view> stacks;
    std::array<dvonn::supply, 2> to_place;
    std::vector<std::string> legal;
    std::array<int, 2> score{};
    std::optional<dvonn::move_report> last_move;
  };
  static facts read(const dvonn::game& g);
  void diff_stacks(const facts& next, nlohmann::json& doc, patch_ops& ops);

  facts facts_;
};

}  // namespace ringside::protocol
