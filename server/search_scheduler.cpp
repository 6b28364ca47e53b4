#include "server/search_scheduler.hpp"

#include <algorithm>
#include <tuple>

namespace ringside::server {

template <class Inner>
Inner& search_scheduler::turns<Inner>::of(const std::string& key) {
  const auto it =
      std::find_if(line.begin(), line.end(), [&](const entry& e) { return e.key == key; });
  if (it != line.end()) return it->inner;
  std::uint64_t due = round;
  if (const auto later = due_later.find(key); later != due_later.end()) {
    due = std::max(due, later->second);
    due_later.erase(later);
  }
  line.push_back(entry{key, due, arrivals++, {}});
  return line.back().inner;
}

template <class Inner>
typename std::vector<typename search_scheduler::turns<Inner>::entry>::iterator
search_scheduler::turns<Inner>::first() {
  return std::min_element(line.begin(), line.end(), [](const entry& a, const entry& b) {
    return std::tie(a.due, a.arrived) < std::tie(b.due, b.arrived);
  });
}

template <class Inner>
void search_scheduler::turns<Inner>::served(typename std::vector<entry>::iterator it,
                                            bool empty) {
  if (it->due > round) {
    round = it->due;
    // Whoever was due by now would be due now anyway: only later rounds are worth keeping.
    std::erase_if(due_later, [this](const auto& kv) { return kv.second <= round; });
  }
  if (empty) {
    due_later[it->key] = it->due + 1;
    line.erase(it);
    return;
  }
  ++it->due;
  it->arrived = arrivals++;
}

bool search_scheduler::push(job j) {
  if (full()) return false;
  lane_queue& q = j.which == lane::quick ? quick_ : deep_;
  q.addresses.of(j.address).of(j.player).push_back(j.id);
  ++q.size;
  ++size_;
  return true;
}

std::uint64_t search_scheduler::take_turn(lane_queue& q) {
  const auto address = q.addresses.first();
  player_line& players = address->inner;
  const auto player = players.first();
  const std::uint64_t id = player->inner.front();
  player->inner.pop_front();
  players.served(player, player->inner.empty());
  q.addresses.served(address, players.line.empty());
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
  --size_;
  return take_turn(*q);
}

}  // namespace ringside::server
