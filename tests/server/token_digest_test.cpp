// The journal's token digest is SHA-256 and must stay byte for byte what it was: identities in
// journals written before it came from OpenSSL are found by it. Checked against the FIPS 180-4
// vectors and against a digest an older server (its own SHA-256) wrote into a journal.
#include <doctest/doctest.h>

#include <string>

#include "server/token_digest.hpp"

using ringside::server::same_secret;
using ringside::server::token_digest;

TEST_CASE("token_digest: FIPS 180-4 example vectors") {
  CHECK(token_digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(token_digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(token_digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(token_digest(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("token_digest: a token's digest is the one an older server stored in its journal") {
  // alice's token and identities.token_hash in tests/persistence/fixtures/journal_v1.*,
  // written by the hand-written SHA-256 of commit d466ae7.
  CHECK(token_digest("484f32fbd1cff933c52d793d73d534e6bdb38156ef2799a5e0f9dc954ced07fe") ==
        "135c36fdb515d747303b8c429eadde8cceaaa6570fdd4ed101b4f0fc441dee28");
}

TEST_CASE("same_secret: equal only for the same length and bytes") {
  CHECK(same_secret("", ""));
  CHECK(same_secret("token", "token"));
  CHECK_FALSE(same_secret("token", "tokeN"));
  CHECK_FALSE(same_secret("token", "toke"));
  CHECK_FALSE(same_secret("Token", "token"));
  CHECK(same_secret(std::string("a\0b", 3), std::string("a\0b", 3)));
  CHECK_FALSE(same_secret(std::string("a\0b", 3), std::string("a\0c", 3)));
}
