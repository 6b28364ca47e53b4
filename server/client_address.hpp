#pragma once
// client_address: how the server writes a client's address, and the key its per-address limits
// count by. A server listening on "::" sees IPv4 peers as "::ffff:a.b.c.d"; written as plain
// IPv4 they match --trust-proxy 127.0.0.1 and share their counts with the same client reaching
// an IPv4 socket. One IPv6 subscriber usually holds a whole /64, so counting each of its
// addresses apart would give it 2^64 budgets: limits count an IPv6 client by its prefix.

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::server {

// The address `a` as the server writes it: an IPv4-mapped IPv6 address as its IPv4 address.
std::string address_text(const boost::asio::ip::address& a);

// "203.0.113.7", "203.0.113.7:5000", "2001:db8::1", "[2001:db8::1]:443" (spaces around are
// ignored) as an address, IPv4-mapped ones as IPv4; nullopt for anything else.
std::optional<boost::asio::ip::address> parse_client_address(std::string_view text);

// What the per-address limits count `a` as: an IPv4 address (mapped or not) as it is written,
// an IPv6 address as its first `v6_prefix` bits ("2001:db8:1:2::/64"; 1-128, 128: the whole
// address, written without a prefix).
std::string address_limit_key(const boost::asio::ip::address& a, unsigned v6_prefix);

}  // namespace ringside::server
