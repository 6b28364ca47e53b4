#include "server/seek_pool.hpp"

#include <algorithm>

#include "protocol/wire/player_name.hpp"

namespace ringside::server {

namespace {

bool accepts(const std::optional<protocol::rating_range>& range, int rating) {
  return !range || (rating >= range->min && rating <= range->max);
}

}  // namespace

bool seek_pool::compatible(const open_seek& a, const open_seek& b) {
  // Two names that look alike could not both sit in one room (a join refuses the second).
  return a.player != b.player && a.shape == b.shape && accepts(a.range, b.rating) &&
         accepts(b.range, a.rating) && !protocol::player_name::look_alike(a.name, b.name);
}

std::size_t seek_pool::count_of(const std::string& player) const {
  return static_cast<std::size_t>(
      std::count_if(by_order_.begin(), by_order_.end(),
                    [&](const auto& e) { return e.second.player == player; }));
}

seek_pool::refusal seek_pool::check_caps(const open_seek& s, clock::time_point now) {
  for (const auto& [order, o] : by_order_) {
    if (o.player == s.player && o.shape == s.shape) return refusal::same_shape;
  }
  if (caps_.per_player != 0 && count_of(s.player) >= caps_.per_player) {
    return refusal::player_cap;
  }
  // Seeking and cancelling in a loop would pair nobody and cost every lobby a list entry.
  if (caps_.per_minute != 0) {
    prune_windows(now);
    auto& window = recent_.try_emplace(s.player, std::chrono::minutes(1)).first->second;
    if (window.try_add(caps_.per_minute, now)) return refusal::too_fast;
  }
  return refusal::none;
}

seek_pool::outcome seek_pool::add(open_seek s, clock::time_point now) {
  if (const auto why = check_caps(s, now); why != refusal::none) return {why, std::nullopt};
  for (auto it = by_order_.begin(); it != by_order_.end(); ++it) {
    if (!compatible(it->second, s)) continue;
    outcome paired{refusal::none, std::move(it->second)};
    by_order_.erase(it);
    return paired;
  }
  if (caps_.total != 0 && by_order_.size() >= caps_.total)
    return {refusal::pool_full, std::nullopt};
  s.since = now;
  by_order_.emplace(next_order_++, std::move(s));
  return {};
}

seek_pool::refusal seek_pool::admit(open_seek s, clock::time_point now) {
  if (const auto why = check_caps(s, now); why != refusal::none) return why;
  if (caps_.total != 0 && by_order_.size() >= caps_.total) return refusal::pool_full;
  s.since = now;
  by_order_.emplace(next_order_++, std::move(s));
  return refusal::none;
}

std::optional<open_seek> seek_pool::take(const std::string& id) {
  for (auto it = by_order_.begin(); it != by_order_.end(); ++it) {
    if (it->second.id != id) continue;
    auto s = std::move(it->second);
    by_order_.erase(it);
    return s;
  }
  return std::nullopt;
}

bool seek_pool::cancel(const std::string& player, const std::string& id) {
  for (auto it = by_order_.begin(); it != by_order_.end(); ++it) {
    if (it->second.id == id && it->second.player == player) {
      by_order_.erase(it);
      return true;
    }
  }
  return false;
}

std::vector<std::string> seek_pool::cancel_all(const std::string& player) {
  std::vector<std::string> ids;
  std::erase_if(by_order_, [&](const auto& e) {
    if (e.second.player != player) return false;
    ids.push_back(e.second.id);
    return true;
  });
  return ids;
}

void seek_pool::put_back(open_seek s) {
  by_order_.emplace(next_order_++, std::move(s));
}

std::vector<open_seek> seek_pool::open() const {
  std::vector<open_seek> out;
  out.reserve(by_order_.size());
  for (const auto& [order, s] : by_order_) out.push_back(s);
  return out;
}

void seek_pool::prune_windows(clock::time_point now) {
  if (recent_.size() < prune_at_) return;
  std::erase_if(recent_, [&](const auto& e) { return e.second.idle(now); });
  prune_at_ = std::max<std::size_t>(64, recent_.size() * 2);
}

}  // namespace ringside::server
