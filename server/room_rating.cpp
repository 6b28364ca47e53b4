// The room's part in ratings: which category a rated room counts for, the ratings its
// players show, and the end of a rated game written with both rating changes at once.
#include <spdlog/spdlog.h>
#include <cmath>

#include "common/unix_time.hpp"
#include "server/metrics.hpp"
#include "server/rating/rating_category.hpp"
#include "server/rating/rounded_rating.hpp"
#include "server/rating_eligibility.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/seat_index.hpp"

namespace ringside::server {

std::string rating_category_of(const room_settings& s, const any_game& g) {
  std::optional<rating::timed_clock> clock;
  if (s.clock) clock = rating::timed_clock{s.clock->initial_s, s.clock->increment_s};
  return rating::category_name(g.name(), g.variant_name(),
                               rating::speed_of(clock, g.typical_moves()));
}

bool room::seat_is_account(int seat) const {
  const auto* accounts = registry_.accounts();
  const auto& who = seats_[seat_slot(seat)];
  return accounts != nullptr && who && accounts->is_account(*who);
}

void room::fetch_rating(int seat) {
  ratings_[seat_slot(seat)].reset();
  if (!settings_.rated || !seat_is_account(seat)) return;
  const std::string player = seats_[seat_slot(seat)]->player;
  recorder_.read_rating(
      player, rating_category_,
      [self = shared_from_this(), seat, player](ringside::expected<std::optional<rating_row>> got) {
        auto& shown = self->ratings_[seat_slot(seat)];
        const auto& who = self->seats_[seat_slot(seat)];
        // Another player took the seat meanwhile, or the result already set it.
        if (!who || who->player != player || (shown && shown->change)) return;
        if (!got) {
          spdlog::error("room {}: rating of {} not read: {}", self->settings_.id, player,
                        got.error());
          return;
        }
        const auto& system = self->registry_.ratings();
        rating::glicko2_rating value = system.settings().start;
        if (*got) {
          value = (*got)->value;
          // Shown as it would count now: an idle player's deviation has grown.
          value.deviation = system.idle_deviation(
              value, system.periods_between(unix_ms_now() - (*got)->last_played_ms));
        }
        shown = shown_rating{player, value, std::nullopt};
        self->commit();
      });
}

void room::fetch_rating_changes() {
  if (!settings_.rated) return;
  recorder_.read_rating_changes([self = shared_from_this()](
                                    ringside::expected<std::vector<rating_change>> changes) {
    if (!changes) {
      spdlog::error("room {}: rating changes not read: {}", self->settings_.id, changes.error());
      return;
    }
    self->show_changes(*changes);
  });
}

void room::show_changes(const std::vector<rating_change>& changes) {
  for (const auto& c : changes) {
    if (c.seat < 1 || c.seat > 2) continue;
    ratings_[seat_slot(c.seat)] = shown_rating{
        c.player_id, c.after, rounded_rating(c.after.rating) - rounded_rating(c.before.rating)};
  }
  if (!changes.empty()) commit();
}

bool room::persist_rated_finish() {
  if (!settings_.rated || !result_ || !recorder_.enabled()) return false;
  if (!rating_eligibility(seat_is_account(1), seat_is_account(2))) return false;
  if (!result_is_rated(result_->winner, result_->reason)) return false;
  recorder_.record_rated_finish(
      {result_->winner, result_->reason}, game_.position_text(), record_text(), rating_category_,
      registry_.ratings(),
      [self = shared_from_this()](ringside::expected<std::array<rating_change, 2>> changes) {
        if (!changes) return;  // logged by the recorder; the game is over all the same
        self->metrics_.rated_games.fetch_add(1);
        self->show_changes({changes->begin(), changes->end()});
      });
  return true;
}

}  // namespace ringside::server
