#include "server/seek_lobby.hpp"

#include "server/metrics.hpp"

namespace ringside::server {

seek_lobby::outcome seek_lobby::add(open_seek s, seeker by, clock::time_point now) {
  const std::lock_guard lock(mutex_);
  const std::string id = s.id;
  auto out = pool_.add(std::move(s), now);
  outcome result{out.why, std::move(out.partner), {}};
  if (result.partner) {
    const auto it = by_id_.find(result.partner->id);
    if (it != by_id_.end()) {
      result.partner_by = std::move(it->second);
      by_id_.erase(it);
    }
  } else if (result.why == seek_pool::refusal::none) {
    by_id_.emplace(id, std::move(by));
  }
  count();
  return result;
}

seek_pool::refusal seek_lobby::admit(open_seek s, seeker by, clock::time_point now) {
  const std::lock_guard lock(mutex_);
  const std::string id = s.id;
  const auto why = pool_.admit(std::move(s), now);
  if (why == seek_pool::refusal::none) by_id_.emplace(id, std::move(by));
  count();
  return why;
}

std::optional<std::pair<open_seek, seek_lobby::seeker>> seek_lobby::take(const std::string& id) {
  const std::lock_guard lock(mutex_);
  auto s = pool_.take(id);
  if (!s) return std::nullopt;
  seeker by;
  if (const auto it = by_id_.find(id); it != by_id_.end()) {
    by = std::move(it->second);
    by_id_.erase(it);
  }
  count();
  return std::make_pair(std::move(*s), std::move(by));
}

void seek_lobby::put_back(open_seek s, seeker by) {
  const std::lock_guard lock(mutex_);
  by_id_.emplace(s.id, std::move(by));
  pool_.put_back(std::move(s));
  count();
}

bool seek_lobby::cancel(const std::string& player, const std::string& id) {
  const std::lock_guard lock(mutex_);
  if (!pool_.cancel(player, id)) return false;
  by_id_.erase(id);
  count();
  return true;
}

std::vector<std::string> seek_lobby::cancel_all(const std::string& player) {
  const std::lock_guard lock(mutex_);
  auto ids = pool_.cancel_all(player);
  for (const auto& id : ids) by_id_.erase(id);
  count();
  return ids;
}

std::vector<open_seek> seek_lobby::open() const {
  const std::lock_guard lock(mutex_);
  return pool_.open();
}

void seek_lobby::count() {
  metrics_.seeks_open.store(static_cast<std::int64_t>(pool_.size()));
}

}  // namespace ringside::server
