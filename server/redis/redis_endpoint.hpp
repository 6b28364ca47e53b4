#pragma once
// redis_endpoint: where Redis listens and how to log in to it, from a
// `redis://[[user]:password@]host[:port][/]` address (--cluster).

#include <cstdint>
#include <optional>
#include <string>

namespace ringside::server::redis {

struct redis_endpoint {
  std::string host = "127.0.0.1";
  std::uint16_t port = 6379;
  // Sent with AUTH on every connection when `password` is not empty; `user` empty means
  // Redis's default user (a `requirepass` password).
  std::string user;
  std::string password;

  // `redis://host[:port][/]`, with `user:password@` or `:password@` before the host
  // (percent-encoded as in any URL); nullopt for anything else (no database or TLS). A user
  // without a password is refused: it would log in as nobody.
  static std::optional<redis_endpoint> parse(const std::string& url);
  // The address without the password, for logs and messages.
  std::string to_string() const;
};

}  // namespace ringside::server::redis
