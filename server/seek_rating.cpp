#include "server/seek_rating.hpp"

#include <spdlog/spdlog.h>
#include <cmath>

#include "server/journal.hpp"
#include "server/journal_writer.hpp"
#include "server/rating/rating_category.hpp"

namespace ringside::server {

void read_seek_rating(journal_writer* writer, const identity& who, const any_game& game,
                      const seek_shape& shape, std::function<void(int)> done) {
  if (writer == nullptr || !who.account) return done(starting_rating);
  std::optional<rating::timed_clock> clock;
  if (shape.clock) clock = rating::timed_clock{shape.clock->initial_s, shape.clock->increment_s};
  std::string category = rating::category_name(game.name(), game.variant_name(),
                                               rating::speed_of(clock, game.typical_moves()));
  writer->read([player = who.player, category = std::move(category),
                 done = std::move(done)](journal& j) {
    const auto got = j.find_rating(player, category);
    if (!got) {
      spdlog::error("rating of {} in {} not read for a seek: {}", player, category, got.error());
      return done(starting_rating);
    }
    done(*got ? static_cast<int>(std::lround((*got)->value.rating)) : starting_rating);
  });
}

}  // namespace ringside::server
