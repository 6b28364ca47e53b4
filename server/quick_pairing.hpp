#pragma once
// Quick pairing, as the lobby serves it: `seek` pairs with a compatible open seek at once (a
// new room, both seated, colours at random, both told by `paired`) or waits in the seek
// lobby; `cancel_seek` withdraws; `list_seeks` shows the open ones with the lobby's counts.
// Called from a session's strand; answers go to the peers, which any thread may use.

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/wire/messages.hpp"
#include "server/context.hpp"
#include "server/identity.hpp"
#include "server/peer.hpp"
#include "server/seek_pool.hpp"

namespace ringside::server {

void seek(context& ctx, protocol::seek m, identity_ptr who, peer_ptr self, std::string address,
          std::shared_ptr<void> done);
void cancel_seek(context& ctx, const protocol::cancel_seek& m, const identity& who, peer& self);
void list_seeks(context& ctx, const protocol::list_seeks& m, peer_ptr self);
// `player` has no connection left: its open seeks go (nobody could be seated for it).
void seeker_gone(context& ctx, const std::string& player);

// A seek as the lobby lists it.
nlohmann::json seek_entry(const open_seek& s, seek_pool::clock::time_point now);

}  // namespace ringside::server
