#pragma once
// ws_url — the parts of a ws:// or wss:// address a client needs to connect.

#include <optional>
#include <string>
#include <string_view>

namespace ringside::client {

struct ws_url {
  std::string host;
  std::string port = "80";
  std::string path = "/ws";
  bool secure = false;  // wss://: TLS, the server's certificate checked

  // Parses "ws://host[:port][/path]" or "wss://host[:port][/path]" (port 80 or 443 when
  // none is given); "http://" is taken as "ws://" and "https://" as "wss://", the scheme in
  // any case. Without a path the path is /ws, where Ringside serves its WebSocket.
  // Empty on anything else, so a typo never silently connects somewhere unexpected.
  static std::optional<ws_url> parse(std::string_view text);

  // The address written back as "ws://host:port/path" (or wss://); also names the token file.
  std::string text() const;
};

}  // namespace ringside::client
