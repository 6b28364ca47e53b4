#include "server/tls_certificate.hpp"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace ringside::server {

namespace ssl = boost::asio::ssl;

namespace {

constexpr const char* tls12_ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

// The first error OpenSSL queued on this thread (the most specific one), e.g. "no start
// line"; the queue is emptied so the next load starts clean.
std::string openssl_reason() {
  const unsigned long first = ERR_get_error();
  ERR_clear_error();
  if (first == 0) return "unknown OpenSSL error";
  if (const char* reason = ERR_reason_error_string(first)) return reason;
  char text[256];
  ERR_error_string_n(first, text, sizeof text);
  return text;
}

// Opening the file first gives "No such file or directory" or "Permission denied", which
// OpenSSL reports only as "system lib".
std::string unreadable(const std::string& path) {
  std::ifstream in(path);
  return in.good() ? std::string() : std::strerror(errno);
}

std::string describe(X509* cert) {
  BIO* bio = BIO_new(BIO_s_mem());
  if (bio == nullptr) return "?";
  BIO_puts(bio, "subject ");
  X509_NAME_print_ex(bio, X509_get_subject_name(cert), 0, XN_FLAG_ONELINE);
  BIO_puts(bio, ", serial ");
  if (BIGNUM* serial = ASN1_INTEGER_to_BN(X509_get0_serialNumber(cert), nullptr)) {
    if (char* hex = BN_bn2hex(serial)) {
      BIO_puts(bio, hex);
      OPENSSL_free(hex);
    }
    BN_free(serial);
  }
  BIO_puts(bio, ", valid until ");
  ASN1_TIME_print(bio, X509_get0_notAfter(cert));
  if (X509_cmp_current_time(X509_get0_notAfter(cert)) < 0) BIO_puts(bio, " (EXPIRED)");
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(size > 0 ? size : 0));
  BIO_free(bio);
  return text;
}

}  // namespace

expected<tls_certificate::loaded> tls_certificate::read_files(const std::string& cert_file,
                                                              const std::string& key_file) {
  if (const auto why = unreadable(cert_file); !why.empty())
    return fail("--tls-cert " + cert_file + ": " + why);
  if (const auto why = unreadable(key_file); !why.empty())
    return fail("--tls-key " + key_file + ": " + why);
  ERR_clear_error();
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  SSL_CTX* ctx = context->native_handle();
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
  // TLS 1.2 offers only forward-secret AEAD suites (Mozilla's "intermediate" profile, without
  // its finite-field DHE): no CBC with SHA-1 MACs, no static RSA key exchange. TLS 1.3's
  // suites are all AEAD and stay OpenSSL's default.
  if (SSL_CTX_set_cipher_list(ctx, tls12_ciphers) != 1)
    return fail("the TLS 1.2 cipher list was refused (" + openssl_reason() + ")");
  // No passphrase prompt: OpenSSL's default would wait for one on the terminal.
  SSL_CTX_set_default_passwd_cb(ctx, [](char*, int, int, void*) { return 0; });
  if (SSL_CTX_use_certificate_chain_file(ctx, cert_file.c_str()) != 1)
    return fail("--tls-cert " + cert_file + ": not a PEM certificate (" + openssl_reason() + ")");
  if (SSL_CTX_use_PrivateKey_file(ctx, key_file.c_str(), SSL_FILETYPE_PEM) != 1)
    return fail("--tls-key " + key_file + ": not an unencrypted PEM private key (" +
                openssl_reason() + ")");
  if (SSL_CTX_check_private_key(ctx) != 1) {
    ERR_clear_error();
    return fail("--tls-key " + key_file + " is not the key of the certificate in " + cert_file);
  }
  return loaded{std::move(context), describe(SSL_CTX_get0_certificate(ctx))};
}

expected<std::unique_ptr<tls_certificate>> tls_certificate::load(std::string cert_file,
                                                                 std::string key_file) {
  auto first = read_files(cert_file, key_file);
  if (!first) return fail(first.error());
  return std::unique_ptr<tls_certificate>(
      new tls_certificate(std::move(cert_file), std::move(key_file), std::move(*first)));
}

tls_certificate::tls_certificate(std::string cert_file, std::string key_file, loaded first)
    : cert_file_(std::move(cert_file)),
      key_file_(std::move(key_file)),
      current_(std::move(first)) {}

std::shared_ptr<ssl::context> tls_certificate::current() const {
  std::lock_guard lock(mutex_);
  return current_.context;
}

std::string tls_certificate::description() const {
  std::lock_guard lock(mutex_);
  return current_.description;
}

expected<std::string> tls_certificate::reload() {
  auto next = read_files(cert_file_, key_file_);
  if (!next) return fail(next.error());
  std::string text = next->description;
  std::lock_guard lock(mutex_);
  current_ = std::move(*next);
  return text;
}

}  // namespace ringside::server
