#include "server/redis/redis_endpoint.hpp"

#include <charconv>

namespace ringside::server::redis {

namespace {

// `text` with its %XX escapes decoded; nullopt when an escape is cut short or not hex.
std::optional<std::string> percent_decoded(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    unsigned value = 0;
    if (i + 2 >= text.size()) return std::nullopt;
    const auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
    if (ec != std::errc{} || end != text.data() + i + 3) return std::nullopt;
    out += static_cast<char>(value);
    i += 2;
  }
  return out;
}

}  // namespace

std::optional<redis_endpoint> redis_endpoint::parse(const std::string& url) {
  const std::string scheme = "redis://";
  if (url.rfind(scheme, 0) != 0) return std::nullopt;
  std::string rest = url.substr(scheme.size());
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  redis_endpoint out;
  // The password may hold '@' only escaped, so the last '@' ends it.
  if (const auto at = rest.rfind('@'); at != std::string::npos) {
    const std::string userinfo = rest.substr(0, at);
    rest = rest.substr(at + 1);
    const auto colon = userinfo.find(':');
    if (colon == std::string::npos) return std::nullopt;
    auto user = percent_decoded(userinfo.substr(0, colon));
    auto password = percent_decoded(userinfo.substr(colon + 1));
    if (!user || !password || password->empty()) return std::nullopt;
    out.user = std::move(*user);
    out.password = std::move(*password);
  }
  if (rest.empty() || rest.find_first_of("/@?") != std::string::npos) return std::nullopt;
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
  const std::string login = password.empty() ? "" : user + ":***@";
  return "redis://" + login + host + ":" + std::to_string(port);
}

}  // namespace ringside::server::redis
