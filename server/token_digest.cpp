#include "server/token_digest.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <array>
#include <stdexcept>

#include "common/hex.hpp"

namespace ringside::server {

std::string token_digest(std::string_view token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int length = 0;
  // EVP_Digest fails only when OpenSSL cannot allocate or lost its SHA-256; nothing could be
  // looked up or saved then.
  if (EVP_Digest(token.data(), token.size(), md.data(), &length, EVP_sha256(), nullptr) != 1 ||
      length != 32) {
    throw std::runtime_error("OpenSSL's SHA-256 failed");
  }
  return hex_encode(std::span<const unsigned char>(md.data(), length));
}

bool same_secret(std::string_view a, std::string_view b) {
  // A length is not a secret here: tokens all have the same one.
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace ringside::server
