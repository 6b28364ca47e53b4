// SHA-256 against the FIPS 180-4 / NIST example vectors, and against coreutils' sha256sum
// for every length around the padding boundaries.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "server/sha256.hpp"

using ringside::server::sha256;

TEST_CASE("sha256: FIPS 180-4 example vectors") {
  CHECK(sha256::hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256::hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256::hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(
      sha256::hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnop"
                  "qklmnopqrlmnopqrsmnopqrstnopqrstu") ==
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  CHECK(sha256::hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: feeding in pieces gives the same digest as all at once") {
  std::string msg;
  for (int i = 0; i < 200; ++i) msg.push_back(static_cast<char>((i * 37 + 11) & 0xff));
  const auto whole = sha256::hex(msg);
  for (std::size_t cut = 0; cut <= msg.size(); cut += 7) {
    sha256 h;
    h.update(std::string_view(msg).substr(0, cut));
    h.update(std::string_view(msg).substr(cut));
    const auto d = h.finish();
    std::string hex;
    for (auto b : d) {
      char buf[3];
      std::snprintf(buf, sizeof buf, "%02x", b);
      hex += buf;
    }
    CHECK_MESSAGE(hex == whole, "cut at " << cut);
  }
}

TEST_CASE("sha256: agrees with sha256sum at every length from 0 to 130 bytes") {
  const auto file =
      std::filesystem::temp_directory_path() / ("ringside-sha256-" + std::to_string(::getpid()));
  std::string msg;
  for (int len = 0; len <= 130; ++len) {
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out << msg;
    }
    const std::string cmd = "sha256sum '" + file.string() + "'";
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[65] = {};
    const auto n = std::fread(buf, 1, 64, p);
    ::pclose(p);
    REQUIRE(n == 64);
    CHECK_MESSAGE(sha256::hex(msg) == std::string(buf, 64), "length " << len);
    msg.push_back(static_cast<char>((len * 91 + 200) & 0xff));
  }
  std::filesystem::remove(file);
}
