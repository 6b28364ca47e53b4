#pragma once
// tls_certificate: the server's certificate chain and private key (PEM files), loaded into the
// OpenSSL context new TLS connections are made with (TLS 1.2 at least, and in TLS 1.2 only
// ECDHE key exchange with AES-GCM or ChaCha20-Poly1305). reload() reads the files again,
// after a renewal (SIGHUP): connections made from then on use the new context, those already
// open keep theirs; files that do not load leave the old context in use.

#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <mutex>
#include <string>

#include "engine/common/expected.hpp"

namespace ringside::server {

class tls_certificate {
 public:
  // Loads both files; the failure says which file and why (missing, unreadable, not PEM, a
  // key that does not match the certificate).
  static expected<std::unique_ptr<tls_certificate>> load(std::string cert_file,
                                                         std::string key_file);

  // The context a new connection is made with; any thread. OpenSSL counts its references,
  // so a connection keeps working on it after a reload replaced it here.
  std::shared_ptr<boost::asio::ssl::context> current() const;
  // What current() serves, for the log: "subject CN=..., serial 1A2B..., valid until ...".
  std::string description() const;

  // Reads the files again and, when they load, makes them current; any thread. On failure
  // the current context stays and the reason is returned.
  expected<std::string> reload();

 private:
  struct loaded {
    std::shared_ptr<boost::asio::ssl::context> context;
    std::string description;
  };
  static expected<loaded> read_files(const std::string& cert_file, const std::string& key_file);

  tls_certificate(std::string cert_file, std::string key_file, loaded first);

  const std::string cert_file_;
  const std::string key_file_;
  mutable std::mutex mutex_;
  loaded current_;
};

}  // namespace ringside::server
