#include "protocol/wire/utf8.hpp"

#include <cstdint>

namespace ringside::protocol {

bool is_valid_utf8(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    int extra = 0;
    std::uint32_t cp = 0;
    std::uint32_t least = 0;  // below this, the sequence is an overlong form
    if ((b & 0xE0u) == 0xC0u) {
      extra = 1, cp = b & 0x1Fu, least = 0x80;
    } else if ((b & 0xF0u) == 0xE0u) {
      extra = 2, cp = b & 0x0Fu, least = 0x800;
    } else if ((b & 0xF8u) == 0xF0u) {
      extra = 3, cp = b & 0x07u, least = 0x10000;
    } else {
      return false;  // a continuation byte with no lead, or 0xF8-0xFF
    }
    if (s.size() - i <= static_cast<std::size_t>(extra)) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((c & 0xC0u) != 0x80u) return false;
      cp = (cp << 6) | (c & 0x3Fu);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

}  // namespace ringside::protocol
