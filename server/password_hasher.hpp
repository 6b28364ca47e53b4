#pragma once
// password_hasher: Argon2id (libsodium's crypto_pwhash_str) on a small pool of its own
// threads. A hash costs ~100 ms of CPU and tens of MiB by design: never on an I/O thread or a
// strand, where it would stall every connection behind it. Callbacks run on a pool thread:
// the caller posts back to its own strand.

#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "server/account_settings.hpp"

namespace ringside::server {

class password_hasher {
 public:
  // Whether libsodium accepts these limits for Argon2id; a sentence when it does not.
  static std::string check(const password_cost& cost);

  password_hasher(std::size_t threads, password_cost cost);
  ~password_hasher();
  password_hasher(const password_hasher&) = delete;
  password_hasher& operator=(const password_hasher&) = delete;

  // fn(the hash string), or fn(nothing) when libsodium failed (out of memory).
  void hash(std::string password, std::function<void(std::optional<std::string>)> fn);
  // fn(whether `password` is the one `hash` was made from). An empty `hash` (no such
  // account) is checked against a hash of nothing, so it takes as long and says false.
  void verify(std::string hash, std::string password, std::function<void(bool)> fn);

 private:
  password_cost cost_;
  // A hash no password given matches, verified for unknown accounts; made at its first use
  // (on a pool thread), so a server nobody logs in to never pays for it.
  std::once_flag stand_in_made_;
  std::string stand_in_;
  boost::asio::thread_pool pool_;
};

}  // namespace ringside::server
