#pragma once
// login_limiter: when a login (or a change of password) may be checked. Failures are counted
// per account and per client address; past a few free ones, each attempt is answered only
// after a delay that doubles with every failure, and attempts queue behind each other, so one
// account or one address gets at most one guess per delay however many connections it opens.
// An attempt that would wait too long is refused at once, so waiting attempts stay few.
// Pure: time is passed in; the owner serialises calls (identity_registry's strand).

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

namespace ringside::server {

struct login_limit_settings {
  std::size_t free_failures = 5;  // failures per account or address answered without delay
  double first_delay_s = 1;       // the delay after those, doubling with each failure
  double max_delay_s = 60;        // the most one failure adds
  double max_wait_s = 300;        // an attempt that would wait longer is refused (login_limited)
  double forget_after_s = 900;    // failures older than this no longer count
};

class login_limiter {
 public:
  using clock = std::chrono::steady_clock;

  explicit login_limiter(login_limit_settings s) : settings_(s) {}

  // An attempt on `account` (a key of the name: unknown names count too, so they are answered
  // as known ones are) from `address`: how long it waits before it is checked, or nothing
  // when it would wait longer than max_wait (refused, nothing counted).
  std::optional<clock::duration> admit(const std::string& account, const std::string& address,
                                       clock::time_point now);
  // The attempt admitted at `now` had a wrong password (or an unknown name).
  void failed(const std::string& account, const std::string& address, clock::time_point now);
  // The password was right: the account's failures are forgotten (not the address's).
  void succeeded(const std::string& account);
  // Accounts and addresses with failures remembered (tests).
  std::size_t tracked() const { return accounts_.size() + addresses_.size(); }

 private:
  struct record {
    std::size_t failures = 0;
    clock::time_point last_failure{};
    clock::time_point next_free{};  // the attempt admitted last is answered then
  };
  using table = std::unordered_map<std::string, record>;

  clock::duration delay(std::size_t failures) const;
  // The record of `key` if it still counts at `now`; forgets one that does not.
  record* live(table& t, const std::string& key, clock::time_point now);
  void note_failure(table& t, const std::string& key, clock::time_point now);
  void forget_old(table& t, std::size_t& prune_at, clock::time_point now);

  login_limit_settings settings_;
  table accounts_;
  table addresses_;
  std::size_t accounts_prune_at_ = 256;
  std::size_t addresses_prune_at_ = 256;
};

}  // namespace ringside::server
