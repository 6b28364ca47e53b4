#include "server/origin_policy.hpp"

#include <algorithm>
#include <cctype>

namespace ringside::server {

namespace {

// Origins and hosts compare without case (RFC 6454 serialises scheme and host in lower case;
// a hand-typed flag may not) and without a trailing slash.
std::string normal(std::string_view s) {
  while (!s.empty() && s.back() == '/') s.remove_suffix(1);
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "https://host:port" -> "host:port"; empty when there is no scheme.
std::string_view host_of(std::string_view origin) {
  const auto sep = origin.find("://");
  return sep == std::string_view::npos ? std::string_view() : origin.substr(sep + 3);
}

// Host headers may leave out the scheme's default port; origins always do.
std::string without_default_port(std::string host, std::string_view scheme) {
  const std::string_view port = scheme == "https" ? ":443" : scheme == "http" ? ":80" : "";
  if (!port.empty() && host.size() > port.size() &&
      std::string_view(host).substr(host.size() - port.size()) == port) {
    host.resize(host.size() - port.size());
  }
  return host;
}

}  // namespace

origin_policy::origin_policy(const std::vector<std::string>& allowed) {
  for (const auto& a : allowed) {
    if (a == "*") {
      any_ = true;
    } else {
      allowed_.push_back(normal(a));
    }
  }
}

bool origin_policy::allows(std::string_view origin, std::string_view host) const {
  if (origin.empty() || any_) return true;
  const std::string o = normal(origin);
  if (std::find(allowed_.begin(), allowed_.end(), o) != allowed_.end()) return true;
  const std::string_view o_host = host_of(o);
  if (o_host.empty() || host.empty()) return false;
  const std::string_view scheme = std::string_view(o).substr(0, o.find("://"));
  return without_default_port(std::string(o_host), scheme) ==
         without_default_port(normal(host), scheme);
}

std::string origin_policy::check(std::string_view origin) {
  if (origin == "*") return {};
  const auto sep = origin.find("://");
  if (sep == std::string_view::npos || sep == 0) {
    return "an origin starts with its scheme, as in https://play.example.org";
  }
  const auto rest = normal(origin.substr(sep + 3));
  if (rest.empty()) return "an origin names a host after its scheme";
  if (rest.find('/') != std::string::npos) {
    return "an origin is a scheme, a host and a port, with no path";
  }
  return {};
}

}  // namespace ringside::server
