#include "server/password_hasher.hpp"

#include <sodium.h>

#include <boost/asio/post.hpp>
#include <stdexcept>

namespace ringside::server {

namespace {

// The password leaves memory once it is hashed or checked.
void wipe(std::string& s) {
  if (!s.empty()) sodium_memzero(s.data(), s.size());
  s.clear();
}

std::optional<std::string> argon2id(const std::string& password, const password_cost& cost) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.opslimit, cost.memlimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return std::nullopt;
  }
  return std::string(out);
}

}  // namespace

std::string password_hasher::check(const password_cost& cost) {
  if (cost.opslimit < crypto_pwhash_OPSLIMIT_MIN || cost.opslimit > crypto_pwhash_OPSLIMIT_MAX)
    return "the opslimit must be " + std::to_string(crypto_pwhash_OPSLIMIT_MIN) + " or more";
  if (cost.memlimit < crypto_pwhash_MEMLIMIT_MIN || cost.memlimit > (std::size_t{1} << 32))
    return "the memlimit must be " + std::to_string(crypto_pwhash_MEMLIMIT_MIN) +
           " bytes or more, and at most 4 GiB";
  return {};
}

password_hasher::password_hasher(std::size_t threads, password_cost cost)
    : cost_(cost), pool_(threads) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
}

password_hasher::~password_hasher() {
  pool_.join();
}

void password_hasher::hash(std::string password,
                           std::function<void(std::optional<std::string>)> fn) {
  boost::asio::post(pool_, [this, password = std::move(password), fn = std::move(fn)]() mutable {
    auto made = argon2id(password, cost_);
    wipe(password);
    fn(std::move(made));
  });
}

void password_hasher::verify(std::string hash, std::string password, std::function<void(bool)> fn) {
  boost::asio::post(pool_, [this, hash = std::move(hash), password = std::move(password),
                            fn = std::move(fn)]() mutable {
    const bool known = !hash.empty();
    if (!known) {
      std::call_once(stand_in_made_, [this] {
        // A random stand-in password, so the stand-in hash matches nothing anyone can type.
        unsigned char random[32];
        randombytes_buf(random, sizeof random);
        std::string secret(reinterpret_cast<const char*>(random), sizeof random);
        stand_in_ = argon2id(secret, cost_).value_or(std::string());
        wipe(secret);
      });
    }
    const std::string& against = known ? hash : stand_in_;
    // crypto_pwhash_str_verify compares in constant time and reads the cost from the string.
    const bool ok = crypto_pwhash_str_verify(against.c_str(), password.data(), password.size()) == 0;
    wipe(password);
    fn(known && ok);
  });
}

}  // namespace ringside::server
