#include "server/search_scheduler.hpp"

#include <algorithm>

namespace ringside::server {

bool search_scheduler::push(job j) {
  if (full()) return false;
  lane_queue& q = of(j.which);
  auto a = std::find_if(q.addresses.begin(), q.addresses.end(),
                        [&](const address_queue& x) { return x.address == j.address; });
  // A newcomer takes its turn after those already waiting, never before them.
  if (a == q.addresses.end()) a = q.addresses.insert(q.addresses.end(), {j.address, {}});
  auto p = std::find_if(a->players.begin(), a->players.end(),
                        [&](const player_queue& x) { return x.player == j.player; });
  if (p == a->players.end()) p = a->players.insert(a->players.end(), {j.player, {}});
  p->ids.push_back(j.id);
  ++q.size;
  ++size_;
  return true;
}

std::uint64_t search_scheduler::take_turn(lane_queue& q) {
  // The address at the front has its turn; within it, its identity at the front. Each goes to
  // the back of its line afterwards if it has more to run, so the others go first.
  address_queue a = std::move(q.addresses.front());
  q.addresses.pop_front();
  player_queue p = std::move(a.players.front());
  a.players.pop_front();
  const std::uint64_t id = p.ids.front();
  p.ids.pop_front();
  if (!p.ids.empty()) a.players.push_back(std::move(p));
  if (!a.players.empty()) q.addresses.push_back(std::move(a));
  --q.size;
  return id;
}

std::optional<std::uint64_t> search_scheduler::next(bool deep_too) {
  lane_queue* q = nullptr;
  if (quick_.size != 0) {
    q = &quick_;
  } else if (deep_too && deep_.size != 0) {
    q = &deep_;
  } else {
    return std::nullopt;
  }
  const std::uint64_t id = take_turn(*q);
  --size_;
  return id;
}

}  // namespace ringside::server
