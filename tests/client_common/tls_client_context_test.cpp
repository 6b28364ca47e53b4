// How clients are told to check a wss:// server: a --ca file that cannot be used is refused
// before any connection, with a reason naming it; --insecure checks nothing.
#include <doctest/doctest.h>
#include <openssl/ssl.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

#include "clients/common/tls_client_context.hpp"

using ringside::client::make_tls_client_context;

TEST_CASE("tls client context: the system's store, --ca, --insecure") {
  std::string why;
  const auto system = make_tls_client_context({}, why);
  REQUIRE(system);
  CHECK(SSL_CTX_get_verify_mode(system->native_handle()) == SSL_VERIFY_PEER);

  const auto insecure = make_tls_client_context({"", true}, why);
  REQUIRE(insecure);
  CHECK(SSL_CTX_get_verify_mode(insecure->native_handle()) == SSL_VERIFY_NONE);

  CHECK_FALSE(make_tls_client_context({"/nonexistent/ca.pem", false}, why));
  CHECK(why == "--ca /nonexistent/ca.pem: No such file or directory");

  const std::string junk = "/tmp/ringside-not-a-ca-" + std::to_string(::getpid()) + ".pem";
  { std::ofstream(junk) << "not a certificate\n"; }
  CHECK_FALSE(make_tls_client_context({junk, false}, why));
  CHECK(why == "--ca " + junk + ": no PEM certificate in it");
  std::remove(junk.c_str());
}
