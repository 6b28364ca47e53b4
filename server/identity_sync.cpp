// identity_registry in a cluster: accounts made, passwords changed and tokens revoked on
// another node reach this one's account book and token cache. The shared store is the
// record; a node that hears of a change reads that account again and merges it, and reads
// them all when it may have missed some.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/identity_registry.hpp"
#include "server/journal.hpp"
#include "server/journal_writer.hpp"

namespace ringside::server {

void identity_registry::reload_account(std::string player, std::string revoked_digest) {
  reload(std::move(revoked_digest), std::move(player));
}

void identity_registry::reload_accounts(std::string revoked_digest) {
  reload(std::move(revoked_digest), std::nullopt);
}

void identity_registry::reload(std::string revoked_digest, std::optional<std::string> player) {
  boost::asio::post(strand_, [this, revoked_digest = std::move(revoked_digest),
                              player = std::move(player)]() mutable {
    // A token revoked elsewhere no longer opens an identity here.
    if (!revoked_digest.empty()) by_digest_.erase(revoked_digest);
    if (!journal_) return;
    journal_->read([this, player = std::move(player)](journal& j) {
      auto rows = player ? j.account_of(*player) : j.accounts();
      boost::asio::post(strand_, [this, rows = std::move(rows)]() mutable {
        if (!rows) {
          spdlog::error("accounts not read again after another node changed one: {}", rows.error());
          return;
        }
        merge_accounts(std::move(*rows));
      });
    });
  });
}

void identity_registry::merge_accounts(std::vector<account_row> rows) {
  std::size_t added = 0;
  for (auto& row : rows) {
    if (accounts_.by_player(row.player_id) != nullptr) {
      if (!row.password_hash.empty()) accounts_.set_password(row.player_id, row.password_hash);
      continue;
    }
    const auto player = row.player_id;
    if (accounts_.add({std::move(row.player_id), std::move(row.name),
                       std::move(row.password_hash)}) != account_book::added::yes) {
      continue;
    }
    ++added;
    // An identity held here as a guest is an account now: its next hello reads it again.
    std::erase_if(by_digest_, [&](const auto& kv) {
      const auto who = kv.second.weak.lock();
      return who && who->player == player && !who->account;
    });
  }
  if (added > 0) spdlog::info("{} accounts made on other nodes", added);
}

}  // namespace ringside::server
