#pragma once
// ws_url — the parts of a ws://host:port/path address a client needs to connect.

#include <optional>
#include <string>
#include <string_view>

namespace ringside::client {

struct ws_url {
  std::string host;
  std::string port = "80";
  std::string path = "/ws";

  // Parses "ws://host[:port][/path]"; only plain ws:// is supported (no TLS). Without a path
  // the path is /ws, where Ringside serves its WebSocket. Empty on anything else, so a typo
  // never silently connects somewhere unexpected.
  static std::optional<ws_url> parse(std::string_view text);

  // The address written back as "ws://host:port/path"; also names the token file.
  std::string text() const;
};

}  // namespace ringside::client
