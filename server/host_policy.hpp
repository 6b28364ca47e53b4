#pragma once
// host_policy: which host names the server answers to. A page on a name its owner re-points at
// this server's address (DNS rebinding) is, to the browser, same-origin with us: its Host and
// Origin both name the attacker's domain, so the Origin check lets its WebSocket in and its
// scripts read every answer. Naming the server's public names with --public-host closes that:
// a request for any other name is refused. Always answered: a Host that is an IP address (a
// rebinding page's Host is its own name, never an address), "localhost", and a request without
// Host (not a browser). Without --public-host every name is answered, as before.

#include <string>
#include <string_view>
#include <vector>

namespace ringside::server {

class host_policy {
 public:
  // `public_hosts`: --public-host values, "play.example.org" (any port) or
  // "play.example.org:8443" (that port only).
  explicit host_policy(const std::vector<std::string>& public_hosts);

  // Whether a request addressed to `host` (the Host header, or a trusted proxy's
  // X-Forwarded-Host) is answered.
  bool allows(std::string_view host) const;
  // Whether any --public-host was given (else every host is allowed).
  bool enforced() const { return !names_.empty(); }
  // The names as the operator gave them, for messages.
  std::string listed() const;

  // A --public-host value that no Host header could match (a scheme, a path, empty): why, or
  // empty.
  static std::string check(std::string_view value);

 private:
  struct name {
    std::string host;  // lower case, no trailing dot
    std::string port;  // empty: any
  };
  std::vector<name> names_;
};

}  // namespace ringside::server
