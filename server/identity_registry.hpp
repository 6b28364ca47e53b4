#pragma once
// identity_registry: who a connection speaks for. A hello without a token makes a new identity
// (its token's digest saved in the journal before the welcome); a hello with a token finds the
// identity it was given to, in memory or, after a restart, in the journal. Identities nobody
// uses are swept, never accounts. An identity may register as an account (a reserved name, a
// password); a login then gives each device its own token for the same player id, so seats
// (kept by player id) follow the account. Passwords are hashed on password_hasher's threads,
// and logins are slowed by login_limiter (identity_accounts.cpp). On its own strand: every call may come from any thread, and the callbacks
// run on that strand, so a caller posts back to its own strand for anything it owns.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/account_book.hpp"
#include "server/account_settings.hpp"
#include "server/identity.hpp"
#include "server/login_limiter.hpp"
#include "server/password_hasher.hpp"
#include "server/rating_eligibility.hpp"

namespace ringside::server {

class journal_writer;
class metrics;
struct account_row;

class identity_registry : public account_directory {
 public:
  // Why a request about an identity was not granted.
  enum class refusal : std::uint8_t {
    none,
    bad_token,           // hello: the token is unknown (or was revoked)
    name_reserved,       // hello, register: an account (someone else's) has this name
    bad_credentials,     // login, change_password: unknown name or wrong password
    already_registered,  // register: the identity is an account already
    not_registered,      // logout, change_password: a guest has no account
    login_limited,       // login, change_password: too many failures, the wait is too long
    failed,              // the journal or libsodium failed; nothing changed
  };
  // The identity a request speaks for from now on, or why not.
  struct outcome {
    identity_ptr who;
    refusal why = refusal::none;
  };
  using outcome_fn = std::function<void(outcome)>;

  // With a `journal` (not null) identities are saved there and read back after a restart;
  // without one they live in memory only (tests and fuzzing).
  identity_registry(boost::asio::io_context& ioc, metrics& m, journal_writer* journal = nullptr,
                    const account_settings& accounts = {});

  // The accounts the journal holds, before the server answers anyone.
  void load_accounts(std::vector<account_row> rows);

  // A new identity named `name`, or with `token` the identity it was given to; refused when
  // the token is unknown, or without a token when `name` is an account's.
  void hello(std::string name, std::optional<std::string> token, outcome_fn fn);
  // Makes `who` (a guest) the account `name`; the outcome is the identity as an account.
  void register_account(identity_ptr who, std::string name, std::string password,
                        outcome_fn fn);
  // The account `name`, with a new token for this device, if `password` is its password;
  // `address` (the client's) is counted by the limiter.
  void login(std::string name, std::string password, std::string address, outcome_fn fn);
  // Revokes `who`'s token (this device's); the account's other devices keep theirs.
  void logout(identity_ptr who, outcome_fn fn);
  // Replaces `who`'s password, if `old_password` is it.
  void change_password(identity_ptr who, std::string old_password, std::string new_password,
                       std::string address, outcome_fn fn);
  // Deletes from the journal the identities not seen for `ttl_s` seconds that hold no seat
  // in an unfinished room; those a connection holds now count as seen. Without a journal,
  // nothing (identities then live only in memory, with their holders).
  void sweep(double ttl_s);

  // In a cluster: `fn` hears (on the strand) each change of an account made here that other
  // nodes must see, with the account's player id: an account made or a password changed
  // (`revoked_digest` empty), or a device's token revoked (its digest). Set before the server
  // answers anyone.
  using account_changed_fn =
      std::function<void(const std::string& player, const std::string& revoked_digest)>;
  void on_account_changed(account_changed_fn fn) { account_changed_ = std::move(fn); }
  // Another node changed the account of `player`: forgets the token `revoked_digest` (when not
  // empty) and reads that account again from the shared store (identity_sync.cpp).
  void reload_account(std::string player, std::string revoked_digest);
  // As reload_account, but reads every account again: for when changes may have been missed.
  void reload_accounts(std::string revoked_digest);

#include "server/rating_eligibility.hpp"
  // Thread-safe: it reads only `who`, which is immutable.
  bool is_account(const identity& who) const override;

 private:
  // The identity whose token has `digest` (token_digest), if it is still in memory (held by
  // a connection or a seat, or pinned); forgets the entry of one that is not.
  identity_ptr known(const std::string& digest);
  // Makes `who` findable by its token's digest. `pin`: keep it in memory for good (there is no
  // journal, or the journal failed to save it); otherwise it stays only while others hold it.
  void remember(const identity_ptr& who, bool pin);
  // The identity with `token` (whose digest is `digest`), from the journal, after a restart.
  void hello_from_journal(std::string token, std::string digest,
                          std::function<void(identity_ptr)> fn);
  // A new identity named `name`, durable before fn sees it.
  void make(std::string name, std::function<void(identity_ptr)> fn);
  // Records in the journal that `who` came back now (its time-to-live starts again).
  void note_seen(const identity_ptr& who);
  // After the limiter's wait: checks `password` against the account `name` (the stand-in hash
  // when there is none), and calls `then` on the strand with the account's player, or
  // answers bad_credentials itself.
  void check_password(std::string name, std::string password, std::string address,
                      std::function<void(std::string player)> then, outcome_fn fn);
  // A new token for the account of `player` (a device), durable before fn sees it.
  void new_device(const std::string& player, outcome_fn fn);
  // Tells account_changed_, if set.
  void account_changed(const std::string& player, const std::string& revoked_digest) {
    if (account_changed_) account_changed_(player, revoked_digest);
  }
  // Forgets `revoked_digest` (when not empty), then reads from the shared store the account
  // of `player` (every account when there is none) and merges it into the book.
  void reload(std::string revoked_digest, std::optional<std::string> player);
  // On the strand: the accounts as the store has them now, merged into the book.
  void merge_accounts(std::vector<account_row> rows);

  metrics& metrics_;
  journal_writer* journal_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  // Identities by their token's digest, compared in constant time, so a lookup's timing says
  // nothing about anyone's token. With a journal they are held weakly: every hello without a
  // token makes one, and keeping them all would grow memory with everyone who ever connected;
  // one no connection or seat holds is read back from the journal at its next hello.
  struct known_identity {
    std::weak_ptr<const identity> weak;
    identity_ptr pinned;  // set when this map is the identity's only copy
  };
  struct same_digest {
    bool operator()(const std::string& a, const std::string& b) const;
  };
  std::unordered_map<std::string, known_identity, std::hash<std::string>, same_digest> by_digest_;
  std::size_t prune_at_ = 64;  // sweep expired entries when the map reaches this size
  account_book accounts_;
  login_limiter limiter_;
  account_changed_fn account_changed_;
  // Last: destroyed first, so no hash still running posts to a strand that is gone.
  password_hasher hasher_;
};

}  // namespace ringside::server
