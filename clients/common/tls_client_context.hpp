#pragma once
// tls_client_context — how a client checks the server of a wss:// address: by default against
// the system's certificate authorities, with the host name checked too; `ca_file` trusts the
// authorities (or the self-signed certificate) in that PEM file instead; `insecure` checks
// nothing, for a test certificate on a trusted network. One context serves any number of
// connections.

#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <string>

namespace ringside::client {

struct tls_client_options {
  std::string ca_file;    // empty: the system's store
  bool insecure = false;  // no certificate check at all
};

// The context, or null with `error` set ("--ca FILE: No such file or directory").
std::shared_ptr<boost::asio::ssl::context> make_tls_client_context(
    const tls_client_options& options, std::string& error);

}  // namespace ringside::client
