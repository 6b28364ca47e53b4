#include "server/random_id.hpp"

#include <openssl/rand.h>

#include <limits>
#include <stdexcept>
#include <vector>

#include "common/hex.hpp"

namespace ringside::server {
namespace {

// `n` bytes from RAND_bytes. It fails only when it cannot be seeded; a token made without
// it could be guessed, so none is made.
std::vector<unsigned char> random_bytes(std::size_t n) {
  std::vector<unsigned char> out(n);
  if (n > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
      RAND_bytes(out.data(), static_cast<int>(n)) != 1) {
    throw std::runtime_error("OpenSSL's RAND_bytes failed: no unguessable id can be made");
  }
  return out;
}

}  // namespace

std::string random_hex(std::size_t bytes) {
  return hex_encode(random_bytes(bytes));
}

std::string random_base32(std::size_t chars) {
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string out;
  out.reserve(chars);
  // 32 divides 256: the low five bits of a uniform byte are uniform.
  for (const unsigned char b : random_bytes(chars)) out.push_back(alphabet[b & 0x1Fu]);
  return out;
}

}  // namespace ringside::server
