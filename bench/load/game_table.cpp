#include "game_table.hpp"

#include <algorithm>
#include <random>

#include "game_client.hpp"
#include "shard.hpp"

namespace ringside::load {

game_table::game_table(shard& owner, int index, int spectators) : shard_(owner), index_(index) {
  std::string base = "g";
  base += std::to_string(index);
  creator_ = std::make_unique<game_client>(owner, *this, game_client::role::creator, base + "a");
  joiner_ = std::make_unique<game_client>(owner, *this, game_client::role::joiner, base + "b");
  for (int i = 0; i < spectators; ++i) {
    spectators_.push_back(std::make_unique<game_client>(owner, *this, game_client::role::spectator,
                                                        base + "s" + std::to_string(i)));
  }
  if (owner.opts().moves_per_s > 0) mean_gap_s_ = 1.0 / owner.opts().moves_per_s;
}

game_table::~game_table() = default;

void game_table::start() {
  creator_->start();
  for (auto& s : spectators_) s->start();
  joiner_->start();
}

void game_table::on_welcome(game_client& c) {
  if (&c == creator_.get()) return creator_->create_room();
  if (c.kind() == game_client::role::spectator) {
    if (!room_.empty()) c.join(room_);
    return;
  }
  maybe_seat_joiner();
}

void game_table::on_joined(game_client& c, const std::string& room) {
  if (&c == creator_.get()) {
    room_ = room;
    spectators_in_ = 0;
    joiner_sent_ = false;
    moves_.clear();
    early_.clear();
    in_flight_ = 0;
    for (auto& s : spectators_) {
      if (s->alive() && s->welcomed()) s->join(room_);
    }
  } else if (c.kind() == game_client::role::spectator) {
    if (room == room_) ++spectators_in_;
  } else {
    shard_.stats().games_started.fetch_add(1, std::memory_order_relaxed);
    auto& first = shard_.stats().first_game;
    const auto now = clock::now();
    if (first == clock::time_point{} || now < first) first = now;
    draw_next_move(now);  // the first move too: games that start together move apart
    return;
  }
  maybe_seat_joiner();
}

// The second player sits down only once every live spectator is in, so that the spectators'
// arrivals (versions of their own, or one batched count) mostly come before the first moves.
void game_table::maybe_seat_joiner() {
  if (room_.empty() || joiner_sent_ || !joiner_->welcomed() || !joiner_->alive()) return;
  const auto live = std::count_if(spectators_.begin(), spectators_.end(),
                                  [](const auto& s) { return s->alive(); });
  if (spectators_in_ < live) return;
  if (!spectators_.empty() && !crowd_seen_) {
    crowd_seen_ = true;
    shard_.stats().crowd_in = std::max(shard_.stats().crowd_in, clock::now());
  }
  joiner_sent_ = true;
  joiner_->join(room_);
}

void game_table::on_closed(game_client& c) {
  if (c.kind() == game_client::role::spectator) maybe_seat_joiner();
}

void game_table::on_game_over(const std::string& room) {
  if (room != room_ || room == finished_room_) return;
  finished_room_ = room;
  shard_.stats().games_finished.fetch_add(1, std::memory_order_relaxed);
  for (auto& s : spectators_) s->leave();
  joiner_->leave();
  creator_->leave();
  room_.clear();
  creator_->create_room();
}

void game_table::on_move_sent(clock::time_point at) {
  ++in_flight_;
  draw_next_move(at);
}

// A fixed interval from the same start would make every game move in the same instant: the
// server would then share its wake-ups and journal commits among them, which people, moving
// whenever they have thought, never let it do.
void game_table::draw_next_move(clock::time_point from) {
  if (mean_gap_s_ <= 0) return;
  std::exponential_distribution<double> gap(1.0 / mean_gap_s_);
  next_move_ = from + std::chrono::duration_cast<clock::duration>(
                          std::chrono::duration<double>(gap(shard_.rng())));
}

void game_table::on_move_refused() {
  in_flight_ = std::max(0, in_flight_ - 1);
}

void game_table::on_move_acked(long version, clock::time_point sent) {
  in_flight_ = std::max(0, in_flight_ - 1);
  if (spectators_in_ == 0) return;
  // A move that some spectator never saw (it was dropped, or lagged past the window) is
  // counted once it is old, instead of waiting for it forever.
  while (!moves_.empty() && moves_.begin()->first < version - 16) {
    ++shard_.stats().spectator_moves_incomplete;
    moves_.erase(moves_.begin());
  }
  early_.erase(early_.begin(), early_.lower_bound(version - 16));
  const auto it = moves_.emplace(version, move_track{sent, 0, {}}).first;
  const auto early = early_.find(version);
  if (early == early_.end()) return;
  const std::vector<clock::time_point> arrivals = std::move(early->second);
  early_.erase(early);
  for (const auto at : arrivals) {
    if (moves_.find(version) == moves_.end()) break;  // complete: every spectator counted
    count_patch(it, at);
  }
}

void game_table::on_spectator_patch(long version, clock::time_point at) {
  const auto it = moves_.find(version);
  if (it != moves_.end()) return count_patch(it, at);
  if (spectators_in_ > 0 && in_flight_ > 0) early_[version].push_back(at);
}

void game_table::count_patch(std::map<long, move_track>::iterator it, clock::time_point at) {
  auto& m = it->second;
  const auto lat = at - m.sent;
  m.slowest = std::max(m.slowest, lat);
  ++m.seen;
  const bool measured = shard_.measuring(m.sent);
  if (measured) shard_.stats().spectator_patch.add(lat);
  if (m.seen >= spectators_in_) {
    if (measured) shard_.stats().last_spectator.add(m.slowest);
    moves_.erase(it);
  }
}

void game_table::on_spectator_catch_up(long held, long version, clock::time_point at) {
  std::vector<long> covered;
  for (auto it = moves_.upper_bound(held); it != moves_.end() && it->first <= version; ++it) {
    covered.push_back(it->first);
  }
  for (const long v : covered) on_spectator_patch(v, at);
}

game_table::clock::time_point game_table::next_move_at() const {
  return next_move_;
}

}  // namespace ringside::load
