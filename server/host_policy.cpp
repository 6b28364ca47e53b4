#include "server/host_policy.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cctype>

namespace ringside::server {

namespace {

struct split_host {
  std::string host;  // lower case, without brackets or a trailing dot
  std::string port;
  bool bad = false;
};

// "Example.org.:8080" -> {"example.org", "8080"}; "[2001:db8::1]:443" -> {"2001:db8::1", "443"}.
split_host split(std::string_view text) {
  split_host out;
  std::string_view host = text;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return {{}, {}, true};
    host = text.substr(1, close - 1);
    const auto rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return {{}, {}, true};
      out.port = std::string(rest.substr(1));
    }
  } else if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    if (text.find(':', colon + 1) != std::string_view::npos) {
      host = text;  // a bare IPv6 address (not valid in Host, but an address all the same)
    } else {
      host = text.substr(0, colon);
      out.port = std::string(text.substr(colon + 1));
    }
  }
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  out.host.assign(host);
  std::transform(out.host.begin(), out.host.end(), out.host.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool is_address(const std::string& host) {
  boost::system::error_code ec;
  (void)boost::asio::ip::make_address(host, ec);
  return !ec;
}

}  // namespace

host_policy::host_policy(const std::vector<std::string>& public_hosts) {
  for (const auto& h : public_hosts) {
    auto s = split(h);
    if (!s.bad && !s.host.empty()) names_.push_back({std::move(s.host), std::move(s.port)});
  }
}

bool host_policy::allows(std::string_view host) const {
  if (names_.empty() || host.empty()) return true;
  const auto s = split(host);
  if (s.bad) return false;
  if (s.host == "localhost" || is_address(s.host)) return true;
  return std::any_of(names_.begin(), names_.end(), [&](const name& n) {
    return n.host == s.host && (n.port.empty() || n.port == s.port);
  });
}

std::string host_policy::listed() const {
  std::string out;
  for (const auto& n : names_) {
    if (!out.empty()) out += ", ";
    out += n.port.empty() ? n.host : n.host + ":" + n.port;
  }
  return out;
}

std::string host_policy::check(std::string_view value) {
  if (value.find("://") != std::string_view::npos || value.find('/') != std::string_view::npos)
    return "a host name, as in play.example.org or play.example.org:8443, without a scheme or a "
           "path";
  const auto s = split(value);
  if (s.bad || s.host.empty()) return "a host name, as in play.example.org";
  if (!s.port.empty() && (s.port.size() > 5 || s.port.find_first_not_of("0123456789") !=
                                                   std::string::npos))
    return "the port after ':' is a number";
  return {};
}

}  // namespace ringside::server
