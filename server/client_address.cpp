#include "server/client_address.hpp"

#include <algorithm>

namespace ringside::server {

namespace net = boost::asio;

namespace {

net::ip::address unmapped(const net::ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
  return a;
}

}  // namespace

std::string address_text(const net::ip::address& a) {
  return unmapped(a).to_string();
}

std::optional<net::ip::address> parse_client_address(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  if (text.size() > 2 && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (text.find(':') == text.rfind(':') && text.find(':') != std::string_view::npos) {
    text = text.substr(0, text.find(':'));  // IPv4 with a port: one colon only
  }
  boost::system::error_code ec;
  const auto a = net::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return unmapped(a);
}

std::string address_limit_key(const net::ip::address& a, unsigned v6_prefix) {
  const auto plain = unmapped(a);
  if (plain.is_v4() || v6_prefix >= 128) return plain.to_string();
  auto bytes = plain.to_v6().to_bytes();
  const unsigned prefix = std::max(1u, v6_prefix);
  for (unsigned bit = prefix; bit < 128; ++bit)
    bytes[bit / 8] = static_cast<unsigned char>(bytes[bit / 8] & ~(0x80u >> (bit % 8)));
  return net::ip::address_v6(bytes).to_string() + "/" + std::to_string(prefix);
}

}  // namespace ringside::server
