#include "support/test_certificate.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace ringside::test {

test_certificate::test_certificate(std::uint64_t serial) {
  char pattern[] = "/tmp/ringside-cert-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;
  cert_ = dir_ + "/cert.pem";
  key_ = dir_ + "/key.pem";
  remake(serial);
}

test_certificate::~test_certificate() {
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void test_certificate::remake(std::uint64_t serial) {
  // Written beside, then renamed over: a server reloading meanwhile never reads half a file.
  const std::string cmd =
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
      " -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1"
      " -set_serial " +
      std::to_string(serial) + " -keyout '" + key_ + ".new' -out '" + cert_ +
      ".new' 2>/dev/null && mv '" + key_ + ".new' '" + key_ + "' && mv '" + cert_ + ".new' '" +
      cert_ + "'";
  if (std::system(cmd.c_str()) != 0)
    throw std::runtime_error("openssl req failed (is the openssl command installed?)");
}

std::string serial_hex(std::uint64_t serial) {
  char text[32];
  std::snprintf(text, sizeof text, "%llX", static_cast<unsigned long long>(serial));
  // OpenSSL's BN_bn2hex pads to whole bytes.
  std::string hex = text;
  if (hex.size() % 2 != 0) hex.insert(hex.begin(), '0');
  return hex;
}

}  // namespace ringside::test
