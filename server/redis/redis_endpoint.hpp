#pragma once
// redis_endpoint: where Redis listens, from a `redis://host:port` address (--cluster).

#include <cstdint>
#include <optional>
#include <string>

namespace ringside::server::redis {

struct redis_endpoint {
  std::string host = "127.0.0.1";
  std::uint16_t port = 6379;

  // `redis://host[:port][/]`; nullopt for anything else (no password, database or TLS yet).
  static std::optional<redis_endpoint> parse(const std::string& url);
  std::string to_string() const;
};

}  // namespace ringside::server::redis
