#pragma once
// identity_registry: who a connection speaks for. A hello without a token makes a new identity
// (its token's digest saved in the journal before the welcome); a hello with a token finds the
// identity it was given to, in memory or, after a restart, in the journal. Identities nobody
// uses are swept. On its own strand: every call may come from any thread, and the callbacks
// run on that strand, so a caller posts back to its own strand for anything it owns.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/identity.hpp"
#include "server/rating_eligibility.hpp"

namespace ringside::server {

class journal_writer;
class metrics;

class identity_registry : public account_directory {
 public:
  // With a `journal` (not null) identities are saved there and read back after a restart;
  // without one they live in memory only (tests and fuzzing).
  identity_registry(boost::asio::io_context& ioc, metrics& m, journal_writer* journal = nullptr);

  // A new identity named `name`, or with `token` the identity it was given to; fn(nullptr)
  // when the token is unknown.
  void hello(std::string name, std::optional<std::string> token,
             std::function<void(identity_ptr)> fn);
  // Deletes from the journal the identities not seen for `ttl_s` seconds that hold no seat
  // in an unfinished room; those a connection holds now count as seen. Without a journal,
  // nothing (identities then live only in memory, with their holders).
  void sweep(double ttl_s);

  // Whether `who` is a registered account (rating_eligibility.hpp). There are no accounts
  // yet: with set_guests_rated(true) (--rated-guests) every person counts as one, so rated
  // games can be played before accounts exist; the computer never does. Thread-safe: it
  // reads only `who` and a setting fixed at startup.
  bool is_account(const identity& who) const override;
  // Set once at startup, before any room asks.
  void set_guests_rated(bool rated) { guests_rated_ = rated; }

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
  std::size_t prune_at_ = 64;
  bool guests_rated_ = false;  // sweep expired entries when the map reaches this size
};

}  // namespace ringside::server
