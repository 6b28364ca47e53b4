#pragma once
// What accounts cost and how hard guessing their passwords is made (server flags).

#include <cstddef>

#include "server/login_limiter.hpp"

namespace ringside::server {

struct password_cost {
  // crypto_pwhash_OPSLIMIT_INTERACTIVE and crypto_pwhash_MEMLIMIT_INTERACTIVE (2, 64 MiB).
  unsigned long long opslimit = 2;
  std::size_t memlimit = std::size_t{64} << 20;
};

struct account_settings {
  password_cost cost;
  std::size_t hash_threads = 1;  // threads that hash and check passwords
  login_limit_settings logins;
};

}  // namespace ringside::server
