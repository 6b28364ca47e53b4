#pragma once
// A self-signed certificate made for one test with the `openssl` command: CN localhost,
// valid for localhost and 127.0.0.1, in a temporary directory removed at the end. The same
// file names can be rewritten with a new serial, to see a server's reload.

#include <cstdint>
#include <string>

namespace ringside::test {

class test_certificate {
 public:
  // Throws std::runtime_error when `openssl req` fails.
  explicit test_certificate(std::uint64_t serial = 1);
  ~test_certificate();
  test_certificate(const test_certificate&) = delete;
  test_certificate& operator=(const test_certificate&) = delete;

  // Writes a new key and certificate with `serial` over the old files.
  void remake(std::uint64_t serial);

  const std::string& cert_file() const { return cert_; }  // also the CA a client trusts
  const std::string& key_file() const { return key_; }

 private:
  std::string dir_;
  std::string cert_;
  std::string key_;
};

// A certificate's serial as OpenSSL prints it in hex ("1A2B").
std::string serial_hex(std::uint64_t serial);

}  // namespace ringside::test
