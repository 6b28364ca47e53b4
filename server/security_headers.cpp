#include "server/security_headers.hpp"

#include <algorithm>
#include <string_view>

namespace ringside::server {

namespace http = boost::beast::http;

namespace {

// A year, as browsers' preload lists ask; no includeSubDomains: the operator's other hosts
// are not ours to decide for.
constexpr std::string_view hsts = "max-age=31536000";

// An --allow-origin value as connect-src sources: the origin itself (for fetch) and its
// WebSocket twin. Empty for "*" (any page may connect here, which says nothing about where
// this page may connect) and for anything but a plain http(s)://host[:port], so no value can
// add a directive of its own.
std::string connect_sources(std::string_view origin) {
  while (!origin.empty() && origin.back() == '/') origin.remove_suffix(1);
  std::string_view ws;
  std::string_view rest;
  if (origin.starts_with("https://")) {
    ws = "wss://";
    rest = origin.substr(8);
  } else if (origin.starts_with("http://")) {
    ws = "ws://";
    rest = origin.substr(7);
  } else {
    return {};
  }
  const bool plain = !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == ':' || c == '[' || c == ']';
  });
  if (!plain) return {};
  std::string sources;
  sources.append(" ").append(origin).append(" ").append(ws).append(rest);
  return sources;
}

}  // namespace

security_headers::security_headers(const std::vector<std::string>& allowed_origins) {
  // 'self' covers ws:// and wss:// to the page's own host and port (CSP level 3), so the
  // page's socket needs no source that names a host the server cannot know for sure.
  std::string connect = "'self'";
  for (const auto& origin : allowed_origins) connect += connect_sources(origin);
  // img-src data: for the page's empty icon (`data:,`, which spares a request for
  // /favicon.ico); everything else only from this server, and no plug-ins, no <base>.
  csp_ = "default-src 'self'; connect-src " + connect +
         "; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
         "frame-ancestors 'none'";
}

void security_headers::apply(http::fields& fields, bool tls) const {
  fields.set("Content-Security-Policy", csp_);
  fields.set("X-Content-Type-Options", "nosniff");
  // Older browsers know no frame-ancestors.
  fields.set(http::field::x_frame_options, "DENY");
  fields.set("Referrer-Policy", "same-origin");
  // Only over TLS: a browser ignores it on plain HTTP, and a server behind a proxy that
  // ends TLS cannot know the proxy's scheme for sure (the proxy sets it there).
  if (tls) fields.set(http::field::strict_transport_security, hsts);
}

}  // namespace ringside::server
