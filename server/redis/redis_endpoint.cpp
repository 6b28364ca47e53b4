#include "server/redis/redis_endpoint.hpp"

#include <charconv>

namespace ringside::server::redis {

std::optional<redis_endpoint> redis_endpoint::parse(const std::string& url) {
  const std::string scheme = "redis://";
  if (url.rfind(scheme, 0) != 0) return std::nullopt;
  std::string rest = url.substr(scheme.size());
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  if (rest.empty() || rest.find_first_of("/@?") != std::string::npos) return std::nullopt;
  redis_endpoint out;
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos) {
    out.host = rest;
    return out;
  }
  out.host = rest.substr(0, colon);
  const std::string port = rest.substr(colon + 1);
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (out.host.empty() || ec != std::errc{} || end != port.data() + port.size() || value == 0 ||
      value > 65535) {
    return std::nullopt;
  }
  out.port = static_cast<std::uint16_t>(value);
  return out;
}

std::string redis_endpoint::to_string() const {
  return "redis://" + host + ":" + std::to_string(port);
}

}  // namespace ringside::server::redis
