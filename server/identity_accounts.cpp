// identity_registry's accounts: register, login, logout and change_password. Everything here
// runs on the registry's strand except the hashing, which password_hasher does on its own
// threads; passwords are never logged.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "protocol/wire/player_name.hpp"
#include "server/identity_registry.hpp"
#include "server/journal_writer.hpp"
#include "server/metrics.hpp"
#include "server/random_id.hpp"
#include "server/token_digest.hpp"

namespace ringside::server {

namespace net = boost::asio;

namespace {

// The limiter counts an account by its name's look-alike key, so "Alice" and "a1ice" are one.
std::string limiter_key(std::string_view name) {
  return protocol::player_name::look_alike_keys(name)[0];
}

}  // namespace

void identity_registry::load_accounts(std::vector<account_row> rows) {
  net::post(strand_, [this, rows = std::move(rows)]() mutable {
    for (auto& row : rows) {
      const auto name = row.name;
      if (accounts_.add({std::move(row.player_id), std::move(row.name),
                         std::move(row.password_hash)}) != account_book::added::yes) {
        // Only a change of Unicode's data (a new ICU) can make two saved names look alike.
        spdlog::warn(
            "account '{}' looks like another account's name now; its name is not "
            "reserved again",
            name);
      }
    }
    spdlog::info("{} accounts", accounts_.size());
  });
}

void identity_registry::register_account(identity_ptr who, std::string name, std::string password,
                                         outcome_fn fn) {
  net::post(strand_, [this, who = std::move(who), name = std::move(name),
                      password = std::move(password), fn = std::move(fn)]() mutable {
    if (who->account) return fn({nullptr, refusal::already_registered});
    // Held (with no password yet) while the hash is made, so two registrations of one name
    // cannot both pass.
    switch (accounts_.add({who->player, name, {}})) {
      case account_book::added::yes:
        break;
      case account_book::added::name_reserved:
        return fn({nullptr, refusal::name_reserved});
      case account_book::added::already_registered:
        return fn({nullptr, refusal::already_registered});
    }
    hasher_.hash(std::move(password), [this, who, name, fn = std::move(fn)](
                                          std::optional<std::string> hash) mutable {
      net::post(strand_, [this, who, name, fn = std::move(fn), hash = std::move(hash)]() mutable {
        if (!hash) {
          accounts_.remove(who->player);
          return fn({nullptr, refusal::failed});
        }
        accounts_.set_password(who->player, *hash);
        auto done = [this, who, name, fn]() {
          auto now =
              std::make_shared<const identity>(identity{who->player, name, who->token, 0, true});
          remember(now, !journal_);
          metrics_.accounts_registered.fetch_add(1);
          spdlog::info("player {} registered as '{}'", who->player, name);
          account_changed(who->player, {});
          fn({std::move(now)});
        };
        if (!journal_) return done();
        journal_->write(
            [row = account_row{who->player, name, *hash}](server::journal& j) {
              return j.save_account(row);
            },
            strand_,
            [this, who, fn, done = std::move(done)](journal_status st) mutable {
              if (!st) {
                spdlog::error("player {}: account not saved: {}", who->player, st.error());
                accounts_.remove(who->player);
                return fn({nullptr, refusal::failed});
              }
              done();
            });
      });
    });
  });
}

void identity_registry::check_password(std::string name, std::string password, std::string address,
                                       std::function<void(std::string)> then, outcome_fn fn) {
  const auto key = limiter_key(name);
  const auto wait = limiter_.admit(key, address, std::chrono::steady_clock::now());
  if (!wait) {
    metrics_.logins_limited.fetch_add(1);
    return fn({nullptr, refusal::login_limited});
  }
  auto check = [this, name = std::move(name), password = std::move(password), address, key,
                then = std::move(then), fn = std::move(fn)]() mutable {
    const account* a = accounts_.by_name(name);
    // An unknown name is checked against a stand-in hash: it takes as long as a wrong password.
    std::string player = a ? a->player : std::string();
    std::string hash = a ? a->password_hash : std::string();
    hasher_.verify(std::move(hash), std::move(password),
                   [this, player = std::move(player), address, key, then = std::move(then),
                    fn = std::move(fn)](bool ok) mutable {
                     net::post(strand_, [this, ok, player = std::move(player), address, key,
                                         then = std::move(then), fn = std::move(fn)]() mutable {
                       if (!ok || !accounts_.by_player(player)) {
                         limiter_.failed(key, address, std::chrono::steady_clock::now());
                         metrics_.logins_failed.fetch_add(1);
                         return fn({nullptr, refusal::bad_credentials});
                       }
                       limiter_.succeeded(key);
                       then(std::move(player));
                     });
                   });
  };
  if (*wait <= std::chrono::steady_clock::duration::zero()) return check();
  metrics_.logins_delayed.fetch_add(1);
  auto timer = std::make_shared<net::steady_timer>(strand_, *wait);
  timer->async_wait([timer, check = std::move(check)](boost::system::error_code ec) mutable {
    if (!ec) check();
  });
}

void identity_registry::login(std::string name, std::string password, std::string address,
                              outcome_fn fn) {
  net::post(strand_, [this, name = std::move(name), password = std::move(password),
                      address = std::move(address), fn = std::move(fn)]() mutable {
    check_password(
        std::move(name), std::move(password), std::move(address),
        [this, fn](std::string player) { new_device(player, fn); }, fn);
  });
}

void identity_registry::new_device(const std::string& player, outcome_fn fn) {
  const account* a = accounts_.by_player(player);
  if (!a) return fn({nullptr, refusal::bad_credentials});
  auto who = std::make_shared<const identity>(identity{player, a->name, random_hex(32), 0, true});
  remember(who, !journal_);
  spdlog::info("player {} ({}) logged in on a new device", player, a->name);
  if (!journal_) return fn({std::move(who)});
  journal_->write(
      [player, digest = token_digest(who->token)](server::journal& j) {
        return j.save_device_token(player, digest);
      },
      strand_,
      [this, who, fn = std::move(fn)](journal_status st) {
        if (!st) {
          spdlog::error("player {}: device token not saved, it will not survive a restart: {}",
                        who->player, st.error());
          remember(who, true);
        }
        fn({who});
      });
}

void identity_registry::logout(identity_ptr who, outcome_fn fn) {
  net::post(strand_, [this, who = std::move(who), fn = std::move(fn)]() mutable {
    // A guest's token is its only key to its seats: it has nothing to log in with again.
    if (!who->account) return fn({nullptr, refusal::not_registered});
    const auto digest = token_digest(who->token);
    by_digest_.erase(digest);
    spdlog::info("player {} logged out a device", who->player);
    if (!journal_) return fn({});
    journal_->write([digest, replacement = token_digest(random_hex(32))](
                        server::journal& j) { return j.revoke_token(digest, replacement); },
                    strand_,
                    [this, who, digest, fn = std::move(fn)](journal_status st) {
                      if (!st) {
                        spdlog::error("player {}: token not revoked in the journal: {}",
                                      who->player, st.error());
                        return fn({nullptr, refusal::failed});
                      }
                      account_changed(who->player, digest);
                      fn({});
                    });
  });
}

void identity_registry::change_password(identity_ptr who, std::string old_password,
                                        std::string new_password, std::string address,
                                        outcome_fn fn) {
  net::post(strand_, [this, who = std::move(who), old_password = std::move(old_password),
                      new_password = std::move(new_password), address = std::move(address),
                      fn = std::move(fn)]() mutable {
    const account* a = who->account ? accounts_.by_player(who->player) : nullptr;
    if (!a) return fn({nullptr, refusal::not_registered});
    check_password(
        a->name, std::move(old_password), std::move(address),
        [this, who, fn, new_password = std::move(new_password)](std::string player) mutable {
          // Another device of the same account may have changed it meanwhile: the old
          // password was right when checked, which is all that is asked.
          hasher_.hash(std::move(new_password), [this, who, player,
                                                 fn](std::optional<std::string> hash) {
            net::post(strand_, [this, who, player, fn, hash = std::move(hash)] {
              if (!hash) return fn({nullptr, refusal::failed});
              auto done = [this, who, player, fn, hash = *hash] {
                accounts_.set_password(player, hash);
                spdlog::info("player {} changed its password", player);
                account_changed(player, {});
                fn({who});
              };
              if (!journal_) return done();
              journal_->write(
                  [player, hash = *hash](server::journal& j) {
                    return j.set_password(player, hash);
                  },
                  strand_,
                  [player, fn, done = std::move(done)](journal_status st) {
                    if (!st) {
                      spdlog::error("player {}: password not saved: {}", player, st.error());
                      return fn({nullptr, refusal::failed});
                    }
                    done();
                  });
            });
          });
        },
        fn);
  });
}

}  // namespace ringside::server
