#pragma once
// Who a connection speaks for. Immutable once made, so it is shared across strands freely.

#include <memory>
#include <string>

namespace ringside::server {

struct identity {
  std::string player;      // public id, shown to others ("p" + 10 base32)
  std::string name;        // chosen at the first hello
  std::string token;       // secret: a hello with it restores this identity and its seats
  int computer_level = 0;  // > 0: the computer's seat (no connection, no token)
  bool account = false;    // registered (its name reserved, a password); false: a guest
};

using identity_ptr = std::shared_ptr<const identity>;

}  // namespace ringside::server
