#pragma once
// account_notice: what a node says on `ringside:accounts` when an account changes here: which
// node (it ignores its own), which account (the player id, so the others read back that one
// row, not all of them), and the digest of a device's token it revoked (empty when none).
// Decoding checks every field; a notice naming no account asks for every account to be read
// again, which is always safe.

#include <optional>
#include <string>
#include <string_view>

namespace ringside::server {

struct account_notice {
  std::string from;     // the node that changed the account
  std::string player;   // the account's player id; empty: read every account again
  std::string revoked;  // the digest of a token revoked there, or empty

  std::string encode() const;
  static std::optional<account_notice> decode(std::string_view payload);
};

}  // namespace ringside::server
