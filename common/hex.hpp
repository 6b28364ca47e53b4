#pragma once
// hex — lower-case hexadecimal digits, for tokens, digests and escaped characters.

#include <cstdint>
#include <span>
#include <string>

namespace ringside {

// Appends the low `digits` hex digits of `value`, most significant first.
inline void append_hex(std::string& out, std::uint32_t value, int digits) {
  static constexpr char hex_digits[] = "0123456789abcdef";
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
    out += hex_digits[(value >> shift) & 15];
}

// `bytes` as hex, two digits per byte.
inline std::string hex_encode(std::span<const unsigned char> bytes) {
  std::string out;
  out.reserve(2 * bytes.size());
  for (const unsigned char b : bytes) append_hex(out, b, 2);
  return out;
}

}  // namespace ringside
