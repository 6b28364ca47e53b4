#include "server/client_limits.hpp"

#include "server/client_address.hpp"

#include <boost/asio/ip/address.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ringside::server {

namespace http = boost::beast::http;

// Open connections per key (an address or an identity), shared with every slot.
struct client_slot::counts {
  std::mutex mutex;
  std::unordered_map<std::string, std::size_t> open;

  // Takes one slot unless `key` already holds `cap` (0: no cap).
  bool take(const std::string& key, std::size_t cap) {
    const std::lock_guard lock(mutex);
    auto& n = open[key];
    if (cap != 0 && n >= cap) {
      if (n == 0) open.erase(key);
      return false;
    }
    ++n;
    return true;
  }
  void give_back(const std::string& key) {
    const std::lock_guard lock(mutex);
    const auto it = open.find(key);
    if (it != open.end() && --it->second == 0) open.erase(it);
  }
};

client_slot::client_slot(std::shared_ptr<counts> where, std::string key)
    : where_(std::move(where)), key_(std::move(key)) {}

client_slot& client_slot::operator=(client_slot&& other) noexcept {
  if (this != &other) {
    release();
    where_ = std::move(other.where_);
    key_ = std::move(other.key_);
  }
  return *this;
}

void client_slot::release() {
  if (where_) where_->give_back(key_);
  where_.reset();
}

namespace {

int whole_seconds(client_limits::clock::duration d) {
  const auto s = std::chrono::ceil<std::chrono::seconds>(d).count();
  return static_cast<int>(std::clamp<std::int64_t>(s, 1, 24 * 3600));
}

}  // namespace

client_limits::client_limits(const client_limit_settings& s)
    : settings_(s),
      addresses_(std::make_shared<client_slot::counts>()),
      identities_(std::make_shared<client_slot::counts>()),
      connections_(std::make_shared<client_slot::counts>()) {}

bool client_limits::trusted_proxy(const std::string& peer) const {
  const auto& trusted = settings_.trusted_proxies;
  return std::find(trusted.begin(), trusted.end(), peer) != trusted.end();
}

bool client_limits::admit_connection(const std::string& peer, client_slot& slot) {
  if (peer.empty() || trusted_proxy(peer)) return true;
  if (!connections_->take(peer, settings_.tcp_connections_per_address)) return false;
  slot = client_slot(connections_, peer);
  return true;
}

bool client_limits::admit_tls_handshake(const std::string& peer, clock::time_point now) {
  if (peer.empty() || trusted_proxy(peer)) return true;
  return !tls_handshakes_.refuse(peer, settings_.tls_handshakes_per_address, now);
}

std::string client_limits::client_address(const std::string& peer,
                                          const http::fields& headers) const {
  const auto key = [this](const boost::asio::ip::address& a) {
    return address_limit_key(a, settings_.ipv6_prefix);
  };
  const auto peer_address = parse_client_address(peer);
  if (!peer_address) return peer;
  const auto& trusted = settings_.trusted_proxies;
  if (std::find(trusted.begin(), trusted.end(), address_text(*peer_address)) == trusted.end())
    return key(*peer_address);
  // The proxy appends the address it saw to the header, so the last entry is the one the
  // trusted proxy vouches for; anything before it the client could have written.
  std::string_view last;
  for (const auto& h : boost::make_iterator_range(headers.equal_range("X-Forwarded-For")))
    last = h.value();
  if (const auto comma = last.rfind(','); comma != std::string_view::npos)
    last = last.substr(comma + 1);
  if (const auto client = parse_client_address(last)) return key(*client);
  return key(*peer_address);
}

std::string client_limits::request_host(const std::string& peer,
                                        const http::fields& headers) const {
  const auto& trusted = settings_.trusted_proxies;
  std::string_view host = headers[http::field::host];
  if (std::find(trusted.begin(), trusted.end(), peer) != trusted.end()) {
    std::string_view forwarded;
    for (const auto& h : boost::make_iterator_range(headers.equal_range("X-Forwarded-Host")))
      forwarded = h.value();
    if (const auto comma = forwarded.rfind(','); comma != std::string_view::npos)
      forwarded = forwarded.substr(comma + 1);
    while (!forwarded.empty() && forwarded.front() == ' ') forwarded.remove_prefix(1);
    while (!forwarded.empty() && forwarded.back() == ' ') forwarded.remove_suffix(1);
    if (!forwarded.empty()) host = forwarded;
  }
  return std::string(host);
}

std::optional<client_limits::refusal> client_limits::cooling(const std::string& address,
                                                             clock::time_point now) {
  const std::lock_guard lock(cooling_mutex_);
  const auto it = cooling_until_.find(address);
  if (it == cooling_until_.end()) return std::nullopt;
  if (now >= it->second) {
    cooling_until_.erase(it);
    return std::nullopt;
  }
  const int wait = whole_seconds(it->second - now);
  return refusal{"a connection from your address was closed for flooding; reconnect in " +
                     std::to_string(wait) + " s, and send fewer messages",
                 wait, true};
}

std::optional<client_limits::refusal> client_limits::admit(const std::string& address,
                                                           client_slot& slot) {
  if (address.empty()) return std::nullopt;
  if (auto no = cooling(address, clock::now())) return no;
  if (!addresses_->take(address, settings_.connections_per_address)) {
    return refusal{"your address already has " + std::to_string(settings_.connections_per_address) +
                       " connections open, the most one address may have; close one first",
                   10};
  }
  slot = client_slot(addresses_, address);
  return std::nullopt;
}

std::optional<client_limits::refusal> client_limits::count_message(const std::string& address) {
  if (address.empty()) return std::nullopt;
  const auto wait = messages_.refuse(address, settings_.address_rate_limit);
  if (!wait) return std::nullopt;
  return refusal{"too many messages from your address: at most " +
                     std::to_string(settings_.address_rate_limit) +
                     " in 10 seconds across all its connections; slow down",
                 whole_seconds(*wait)};
}

std::optional<client_limits::refusal> client_limits::count_new_identity(
    const std::string& address) {
  if (address.empty()) return std::nullopt;
  const auto wait = new_identities_.refuse(address, settings_.identities_per_address);
  if (!wait) return std::nullopt;
  const int secs = whole_seconds(*wait);
  return refusal{"your address made " + std::to_string(settings_.identities_per_address) +
                     " new identities in the last minute, the most allowed; say hello with "
                     "the token you were given, or try again in " +
                     std::to_string(secs) + " s",
                 secs};
}

std::optional<client_limits::refusal> client_limits::join_identity(const std::string& player,
                                                                   client_slot& slot) {
  if (!identities_->take(player, settings_.connections_per_identity)) {
    return refusal{"this identity already speaks on " +
                       std::to_string(settings_.connections_per_identity) +
                       " connections, the most one identity may; close one of them first",
                   10};
  }
  slot = client_slot(identities_, player);
  return std::nullopt;
}

void client_limits::cool_down(const std::string& address) {
  if (address.empty() || !(settings_.flood_cooldown_s > 0)) return;
  const auto now = clock::now();
  const std::lock_guard lock(cooling_mutex_);
  // Amortised: expired entries go when the map is large (an attacker with many addresses).
  if (cooling_until_.size() >= 1024) {
    std::erase_if(cooling_until_, [&](const auto& kv) { return kv.second <= now; });
  }
  cooling_until_[address] = now + std::chrono::duration_cast<clock::duration>(
                                      std::chrono::duration<double>(settings_.flood_cooldown_s));
}

std::size_t client_limits::addresses_connected() const {
  const std::lock_guard lock(addresses_->mutex);
  return addresses_->open.size();
}

std::size_t client_limits::connections_of(const std::string& peer) const {
  const std::lock_guard lock(connections_->mutex);
  const auto it = connections_->open.find(peer);
  return it == connections_->open.end() ? 0 : it->second;
}

}  // namespace ringside::server
