#pragma once
// Who may have a rating, in one place. Only a rated game between two accounts changes
// ratings: a guest's identity is made by any hello, so rating guests would let anyone farm
// points with throw-away identities. The room asks an account_directory (identity_registry)
// whether each seat's identity is an account, and rating_eligibility decides.

#include <string_view>

#include "server/identity.hpp"

namespace ringside::server {

// Whether an identity is a registered account; identity_registry answers.
class account_directory {
 public:
  virtual ~account_directory() = default;
  virtual bool is_account(const identity& who) const = 0;
};

// Whether a rated room's result changes ratings, from whether each seat is an account.
inline bool rating_eligibility(bool seat1_account, bool seat2_account) {
  return seat1_account && seat2_account;
}

// Whether a result counts at all: a game both players abandoned at once (a restart nobody
// came back from) has no winner and was not played out, so it is no draw either.
inline bool result_is_rated(int winner, std::string_view reason) {
  return !(winner == 0 && reason == "abandoned");
}

}  // namespace ringside::server
