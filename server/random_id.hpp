#pragma once
// Unguessable identifiers from OpenSSL's CSPRNG (RAND_bytes, seeded by the kernel), for
// tokens, player ids and room ids.

#include <cstddef>
#include <string>

namespace ringside::server {

// `bytes` random bytes as lower-case hex (2 characters per byte).
std::string random_hex(std::size_t bytes);

// `chars` characters of RFC 4648 base32 in lower case (5 random bits each).
std::string random_base32(std::size_t chars);

}  // namespace ringside::server
