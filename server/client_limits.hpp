#pragma once
// client_limits: what one client address, and one identity, may hold and do, whatever number of
// connections it spreads itself over. Shared by every session, so
// thread-safe; a lock is held only for a few map operations. A held connection is a
// `client_slot`, released when the slot goes, so the counts follow the connections even when
// a session outlives the server's context (its state is shared with every slot).

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <boost/beast/http/fields.hpp>

#include "server/address_rate.hpp"

namespace ringside::server {

// The limits, from the command line (run.cpp); 0 turns one off. A family or a school behind
// one NAT shares an address, so the per-address figures are generous.
struct client_limit_settings {
  std::size_t connections_per_address = 64;  // WebSocket connections open at once
  // TCP connections of any kind (HTTP, TLS, WebSocket) one peer address may have open, counted
  // from accept. Above the WebSocket cap: a browser opens up to six HTTP connections for a page
  // beside its WebSocket, and a class loading the page at once must not be refused.
  std::size_t tcp_connections_per_address = 256;
  std::size_t tls_handshakes_per_address = 200;  // TLS handshakes begun per 10 s
  std::size_t connections_per_identity = 8;      // connections one identity may speak on at once
  std::size_t address_rate_limit = 600;          // messages per 10 s, all the address's connections
  std::size_t identities_per_address = 30;       // new identities (hello without token) per minute
  double flood_cooldown_s = 30;                  // an address whose connection flooded waits this
  std::vector<std::string> trusted_proxies;      // peers whose X-Forwarded-For is believed
  unsigned ipv6_prefix = 64;                     // an IPv6 client counts by this many leading bits
};

// One connection counted against an address or an identity until it is released or destroyed.
class client_slot {
 public:
  client_slot() = default;
  client_slot(client_slot&&) noexcept = default;
  client_slot& operator=(client_slot&& other) noexcept;
  client_slot(const client_slot&) = delete;
  client_slot& operator=(const client_slot&) = delete;
  ~client_slot() { release(); }

  // The address or identity counted; empty for a slot that counts nothing.
  const std::string& key() const { return key_; }
  void release();

 private:
  friend class client_limits;
  struct counts;
  client_slot(std::shared_ptr<counts> where, std::string key);

  std::shared_ptr<counts> where_;
  std::string key_;
};

class client_limits {
 public:
  using clock = std::chrono::steady_clock;

  // Why a request was refused, as a sentence for the client, and when to try again.
  struct refusal {
    std::string why;
    int retry_after_s = 0;
    bool cooling_down = false;  // the address flooded a while ago (else: it holds too many)
  };

  explicit client_limits(const client_limit_settings& s);

  // Who the client of a request from `peer` is, as the per-address limits count it
  // (address_limit_key: IPv6 by its --ipv6-prefix): the last X-Forwarded-For entry when `peer`
  // is one of --trust-proxy's addresses (and the entry is an address), else `peer` itself.
  std::string client_address(const std::string& peer,
                             const boost::beast::http::fields& headers) const;

  // The host the client addressed: the Host header, or the last X-Forwarded-Host entry when
  // `peer` is a trusted proxy (a proxy may rewrite Host to its upstream's).
  std::string request_host(const std::string& peer,
                           const boost::beast::http::fields& headers) const;

  // Whether `peer` is one of --trust-proxy's addresses (it carries many clients' connections).
  bool trusted_proxy(const std::string& peer) const;

  // A connection just accepted from `peer` (before any byte is read): refused when the peer
  // already holds --tcp-connections-per-address; otherwise `slot` counts it until the
  // connection ends, whatever it becomes. A trusted proxy's connections are never refused
  // (the slot counts nothing).
  bool admit_connection(const std::string& peer, client_slot& slot);
  // A TLS handshake about to start for `peer`: refused over --tls-handshakes-per-address in
  // 10 s (a handshake costs the server about half a millisecond of CPU). Trusted proxies aside.
  bool admit_tls_handshake(const std::string& peer, clock::time_point now = clock::now());

  // A new WebSocket connection from `address`: refused while the address is cooling down
  // after a flood, or already holds --connections-per-address; otherwise its slot.
  std::optional<refusal> admit(const std::string& address, client_slot& slot);
  // One message from `address`, refused over --address-rate-limit per 10 s.
  std::optional<refusal> count_message(const std::string& address);
  // One new identity made from `address`, refused over --identities-per-address per minute.
  std::optional<refusal> count_new_identity(const std::string& address);
  // One more connection speaking for `player`, refused at --connections-per-identity.
  std::optional<refusal> join_identity(const std::string& player, client_slot& slot);
  // A connection from `address` was closed for flooding: new ones wait --flood-cooldown.
  void cool_down(const std::string& address);

  // Tracked now (for tests and the sweep): addresses with open connections, cooling down.
  std::size_t addresses_connected() const;
  // TCP connections `peer` holds now (admit_connection's count).
  std::size_t connections_of(const std::string& peer) const;

 private:
  std::optional<refusal> cooling(const std::string& address, clock::time_point now);

  const client_limit_settings& settings_;
  std::shared_ptr<client_slot::counts> addresses_;
  std::shared_ptr<client_slot::counts> identities_;
  std::shared_ptr<client_slot::counts> connections_;  // every TCP connection, by peer address
  address_rate tls_handshakes_{std::chrono::seconds(10)};
  address_rate messages_{std::chrono::seconds(10)};
  address_rate new_identities_{std::chrono::seconds(60)};
  mutable std::mutex cooling_mutex_;
  std::unordered_map<std::string, clock::time_point> cooling_until_;
};

}  // namespace ringside::server
