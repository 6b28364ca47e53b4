#pragma once
// SHA-256 (FIPS 180-4), so the journal can store a token's digest instead of the token.
// Written here rather than pulled from OpenSSL because one hash is all the server needs.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ringside::server {

class sha256 {
 public:
  using digest = std::array<std::uint8_t, 32>;

  sha256();

  // Feeds more bytes; may be called any number of times before finish().
  void update(std::string_view bytes);
  // Pads, returns the digest and leaves the object reset for a new message.
  digest finish();

  // The digest of `bytes` as 64 lower-case hex characters.
  static std::string hex(std::string_view bytes);

 private:
  void compress(const std::uint8_t* block);
  void reset();

  std::array<std::uint32_t, 8> h_{};
  std::array<std::uint8_t, 64> block_{};
  std::size_t used_ = 0;      // bytes waiting in block_
  std::uint64_t length_ = 0;  // message length so far, in bytes
};

}  // namespace ringside::server
