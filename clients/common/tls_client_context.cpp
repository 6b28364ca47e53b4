#include "clients/common/tls_client_context.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace ringside::client {

namespace ssl = boost::asio::ssl;

std::shared_ptr<ssl::context> make_tls_client_context(const tls_client_options& options,
                                                      std::string& error) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX* ctx = context->native_handle();
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  if (options.insecure) {
    context->set_verify_mode(ssl::verify_none);
    return context;
  }
  context->set_verify_mode(ssl::verify_peer);
  if (options.ca_file.empty()) {
    if (SSL_CTX_set_default_verify_paths(ctx) != 1) {
      ERR_clear_error();
      error = "cannot load the system's certificate authorities";
      return nullptr;
    }
    return context;
  }
  if (std::ifstream in(options.ca_file); !in.good()) {
    error = "--ca " + options.ca_file + ": " + std::strerror(errno);
    return nullptr;
  }
  if (SSL_CTX_load_verify_locations(ctx, options.ca_file.c_str(), nullptr) != 1) {
    ERR_clear_error();
    error = "--ca " + options.ca_file + ": no PEM certificate in it";
    return nullptr;
  }
  return context;
}

}  // namespace ringside::client
