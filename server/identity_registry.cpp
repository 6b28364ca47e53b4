#include "server/identity_registry.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "common/unix_time.hpp"
#include "server/journal_writer.hpp"
#include "server/metrics.hpp"
#include "server/random_id.hpp"
#include "server/token_digest.hpp"

namespace ringside::server {

namespace net = boost::asio;

identity_registry::identity_registry(net::io_context& ioc, metrics& m, journal_writer* journal,
                                     const account_settings& accounts)
    : metrics_(m),
      journal_(journal),
      strand_(net::make_strand(ioc)),
      limiter_(accounts.logins),
      hasher_(accounts.hash_threads, accounts.cost) {}

bool identity_registry::same_digest::operator()(const std::string& a, const std::string& b) const {
  return same_secret(a, b);
}

void identity_registry::hello(std::string name, std::optional<std::string> token, outcome_fn fn) {
  net::post(strand_,
            [this, name = std::move(name), token = std::move(token), fn = std::move(fn)]() mutable {
              if (!token) {
                // An account's name is its own: nobody else starts out as it.
                if (accounts_.by_name(name)) return fn({nullptr, refusal::name_reserved});
                return make(std::move(name), [fn = std::move(fn)](identity_ptr who) {
                  fn({std::move(who)});
                });
              }
              auto digest = token_digest(*token);
              if (const auto who = known(digest)) {
                note_seen(who);
                return fn({who});
              }
              // Not in memory (not seen since the server started, or held by nobody since):
              // the journal may know it.
              if (!journal_) return fn({nullptr, refusal::bad_token});
              hello_from_journal(std::move(*token), std::move(digest),
                                 [fn = std::move(fn)](identity_ptr who) {
                                   if (!who) return fn({nullptr, refusal::bad_token});
                                   fn({std::move(who)});
                                 });
            });
}

void identity_registry::make(std::string name, std::function<void(identity_ptr)> fn) {
  auto who = std::make_shared<identity>();
  who->name = std::move(name);
  // 256 bits from the CSPRNG: a token cannot be guessed, and collisions are not a concern.
  who->token = random_hex(32);
  do {
    // Built apart and moved in: GCC 12 warns falsely (-Wrestrict) on "p" + ... and on
    // assigning "p" first.
    std::string player(1, 'p');
    player += random_base32(10);
    who->player = std::move(player);
  } while (std::any_of(by_digest_.begin(), by_digest_.end(), [&](const auto& kv) {
    const auto other = kv.second.weak.lock();
    return other && other->player == who->player;
  }));
  remember(who, !journal_);
  spdlog::info("player {} ({}) is new", who->player, who->name);
  if (!journal_) return fn(std::move(who));
  // The welcome waits for the digest to be durable, so a token a client holds still works
  // after a crash.
  const identity_ptr saved = who;
  journal_->write(
      [saved](server::journal& j) {
        return j.save_identity(saved->player, saved->name, token_digest(saved->token));
      },
      strand_,
      [this, saved, fn = std::move(fn)](journal_status st) {
        if (!st) {
          spdlog::error("player {}: identity not saved, its token will not survive a restart: {}",
                        saved->player, st.error());
          // The journal cannot give it back later: keep it until the restart.
          remember(saved, true);
        }
        fn(saved);
      });
}

identity_ptr identity_registry::known(const std::string& digest) {
  const auto it = by_digest_.find(digest);
  if (it == by_digest_.end()) return nullptr;
  if (it->second.pinned) return it->second.pinned;
  auto who = it->second.weak.lock();
  if (!who) by_digest_.erase(it);
  return who;
}

void identity_registry::remember(const identity_ptr& who, bool pin) {
  by_digest_[token_digest(who->token)] = known_identity{who, pin ? who : nullptr};
  if (by_digest_.size() < prune_at_) return;
  // Amortised: a sweep when the map has doubled since the last one.
  std::erase_if(by_digest_,
                [](const auto& kv) { return !kv.second.pinned && kv.second.weak.expired(); });
  prune_at_ = std::max<std::size_t>(64, 2 * by_digest_.size());
}

void identity_registry::hello_from_journal(std::string token, std::string digest,
                                           std::function<void(identity_ptr)> fn) {
  journal_->read([this, token = std::move(token), digest = std::move(digest),
                  fn = std::move(fn)](server::journal& j) mutable {
    auto found = j.find_identity(digest);
    net::post(strand_, [this, token = std::move(token), digest = std::move(digest),
                        fn = std::move(fn), found = std::move(found)]() mutable {
      if (!found) {
        spdlog::error("journal: looking up a token failed: {}", found.error());
        return fn(nullptr);
      }
      if (!*found) return fn(nullptr);
      // Another hello with the same token may have loaded it meanwhile.
      identity_ptr who = known(digest);
      if (!who) {
        who = std::make_shared<identity>(
            identity{(*found)->player_id, (*found)->name, token, 0, (*found)->account});
        remember(who, false);
      }
      note_seen(who);
      fn(who);
    });
  });
}

void identity_registry::note_seen(const identity_ptr& who) {
  if (!journal_) return;
  journal_->write([player = who->player](
                      server::journal& j) { return j.touch_identities({player}, unix_ms_now()); },
                  strand_, {});
}

void identity_registry::sweep(double ttl_s) {
  if (!journal_) return;
  net::post(strand_, [this, ttl_s] {
    std::vector<std::string> connected;
    for (const auto& [digest, known] : by_digest_) {
      if (const auto who = known.weak.lock()) connected.push_back(who->player);
    }
    const auto now = unix_ms_now();
    const auto before = now - static_cast<std::int64_t>(ttl_s * 1000);
    auto pruned = std::make_shared<std::int64_t>(0);
    journal_->write(
        [connected = std::move(connected), now, before, pruned](server::journal& j) {
          if (auto r = j.touch_identities(connected, now); !r) return r;
          auto n = j.prune_identities(before);
          if (!n) return journal_status(ringside::fail(n.error()));
          *pruned = *n;
          return journal_status(std::monostate{});
        },
        strand_,
        [this, pruned, ttl_s](journal_status st) {
          if (!st) return spdlog::error("journal: pruning old identities failed: {}", st.error());
          metrics_.identities_pruned.fetch_add(static_cast<std::uint64_t>(*pruned));
          if (*pruned > 0) {
            spdlog::info("pruned {} identities not seen for {} s that held no seat", *pruned,
                         ttl_s);
          }
        });
  });
}

bool identity_registry::is_account(const identity& who) const {
  return who.computer_level == 0 && who.account;
}

}  // namespace ringside::server
