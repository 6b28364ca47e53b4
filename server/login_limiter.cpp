#include "server/login_limiter.hpp"

#include <algorithm>
#include <cmath>

namespace ringside::server {

namespace {

login_limiter::clock::duration seconds(double s) {
  return std::chrono::duration_cast<login_limiter::clock::duration>(
      std::chrono::duration<double>(s));
}

}  // namespace

login_limiter::clock::duration login_limiter::delay(std::size_t failures) const {
  if (failures < settings_.free_failures) return clock::duration::zero();
  const auto doublings = std::min<std::size_t>(failures - settings_.free_failures, 40);
  return seconds(std::min(settings_.max_delay_s,
                          settings_.first_delay_s * std::ldexp(1.0, static_cast<int>(doublings))));
}

login_limiter::record* login_limiter::live(table& t, const std::string& key,
                                           clock::time_point now) {
  const auto it = t.find(key);
  if (it == t.end()) return nullptr;
  const record& r = it->second;
  if (r.next_free <= now && now - r.last_failure > seconds(settings_.forget_after_s)) {
    t.erase(it);
    return nullptr;
  }
  return &it->second;
}

std::optional<login_limiter::clock::duration> login_limiter::admit(const std::string& account,
                                                                   const std::string& address,
                                                                   clock::time_point now) {
  record* const rs[] = {live(accounts_, account, now),
                        address.empty() ? nullptr : live(addresses_, address, now)};
  clock::time_point answer = now;
  for (const record* r : rs) {
    if (r) answer = std::max(answer, std::max(now, r->next_free) + delay(r->failures));
  }
  if (answer - now > seconds(settings_.max_wait_s)) return std::nullopt;
  // Queued: the next attempt on the same account or address waits for this one's answer.
  for (record* r : rs) {
    if (r) r->next_free = answer;
  }
  return answer - now;
}

void login_limiter::note_failure(table& t, const std::string& key, clock::time_point now) {
  record& r = t[key];
  r.failures += 1;
  r.last_failure = now;
  r.next_free = std::max(r.next_free, now);
}

void login_limiter::failed(const std::string& account, const std::string& address,
                           clock::time_point now) {
  forget_old(accounts_, accounts_prune_at_, now);
  note_failure(accounts_, account, now);
  if (address.empty()) return;
  forget_old(addresses_, addresses_prune_at_, now);
  note_failure(addresses_, address, now);
}

void login_limiter::succeeded(const std::string& account) {
  accounts_.erase(account);
}

void login_limiter::forget_old(table& t, std::size_t& prune_at, clock::time_point now) {
  if (t.size() < prune_at) return;
  // Amortised: a sweep when the table has doubled since the last one.
  const auto forget = seconds(settings_.forget_after_s);
  std::erase_if(t, [&](const auto& kv) {
    return kv.second.next_free <= now && now - kv.second.last_failure > forget;
  });
  prune_at = std::max<std::size_t>(256, 2 * t.size());
}

}  // namespace ringside::server
