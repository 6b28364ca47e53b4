#include "clients/common/ws_url.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace ringside::client {

namespace {

// What follows the first of `schemes` that `text` starts with (in any case), if one does.
std::optional<std::string_view> after_scheme(std::string_view text,
                                             std::initializer_list<std::string_view> schemes) {
  for (const auto scheme : schemes) {
    if (text.size() < scheme.size()) continue;
    if (std::equal(scheme.begin(), scheme.end(), text.begin(), [](char a, char b) {
          return a == std::tolower(static_cast<unsigned char>(b));
        })) {
      return text.substr(scheme.size());
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ws_url> ws_url::parse(std::string_view text) {
  // The page's address (http://, https://) is what people copy from the browser: it names
  // the same server, whose WebSocket shares its port and TLS.
  ws_url url;
  if (const auto rest = after_scheme(text, {"wss://", "https://"})) {
    url.secure = true;
    url.port = "443";
    text = *rest;
  } else if (const auto plain = after_scheme(text, {"ws://", "http://"})) {
    url.port = "80";
    text = *plain;
  } else {
    return std::nullopt;
  }
  const auto slash = text.find('/');
  std::string_view authority = text.substr(0, slash);
  // A bare "/" is taken as no path at all: both mean the server's WebSocket at /ws.
  if (slash != std::string_view::npos && text.size() > slash + 1)
    url.path = std::string(text.substr(slash));
  // A bracketed IPv6 literal keeps its colons; the port follows the closing bracket.
  std::size_t colon = std::string_view::npos;
  if (authority.starts_with('[')) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    url.host = std::string(authority.substr(1, close - 1));
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') return std::nullopt;
      colon = close + 1;
    }
  } else {
    colon = authority.rfind(':');
    url.host = std::string(authority.substr(0, colon));
  }
  if (colon != std::string_view::npos) {
    const auto port = authority.substr(colon + 1);
    if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c)) != 0;
        }))
      return std::nullopt;
    url.port = std::string(port);
  }
  if (url.host.empty()) return std::nullopt;
  return url;
}

std::string ws_url::text() const {
  const bool v6 = host.find(':') != std::string::npos;
  return (secure ? "wss://" : "ws://") + (v6 ? "[" + host + "]" : host) + ":" + port + path;
}

}  // namespace ringside::client
