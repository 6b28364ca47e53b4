#include "server/random_id.hpp"

#include <random>

namespace ringside::server {
namespace {

// One random_device per thread: libstdc++'s default token reads the kernel's CSPRNG.
unsigned int next_random() {
  thread_local std::random_device device;
  return device();
}

}  // namespace

std::string random_hex(std::size_t bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (std::size_t i = 0; i < bytes; ++i) {
    const unsigned int b = next_random() & 0xFFu;
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 0xFu]);
  }
  return out;
}

std::string random_base32(std::size_t chars) {
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string out;
  out.reserve(chars);
  for (std::size_t i = 0; i < chars; ++i) out.push_back(alphabet[next_random() & 0x1Fu]);
  return out;
}

}  // namespace ringside::server
