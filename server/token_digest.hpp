#pragma once
// The digest the journal keeps in place of a token (SHA-256 through OpenSSL's EVP), and the
// constant-time comparison for anything secret: a token, or a digest of one.

#include <string>
#include <string_view>

namespace ringside::server {

// SHA-256 of `token` as 64 lower-case hex characters: the journal's `token_hash`. The bytes
// must never change, or every identity in existing journals is lost.
std::string token_digest(std::string_view token);

// Equal length and equal bytes, in time that depends only on the length (CRYPTO_memcmp), so
// how long a comparison takes says nothing about how much of a secret was guessed right.
bool same_secret(std::string_view a, std::string_view b);

}  // namespace ringside::server
