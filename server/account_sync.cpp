#include "server/account_sync.hpp"

#include <spdlog/spdlog.h>

#include "server/account_notice.hpp"
#include "server/cluster_node.hpp"
#include "server/identity_registry.hpp"

namespace ringside::server {

account_sync::account_sync(boost::asio::io_context& ioc, identity_registry& identities,
                           cluster_node& node, server::redis::redis_endpoint where)
    : identities_(identities),
      node_(node),
      sub_(ioc, std::move(where),
           [this](const std::string&, const std::string& payload) { on_message(payload); }) {
  // Notices sent while this node was not listening are lost: read every account again.
  sub_.on_subscribed([this](const std::string&) { identities_.reload_accounts({}); });
  identities_.on_account_changed(
      [this](const std::string& player, const std::string& revoked_digest) {
        node_.publish(channel(), account_notice{node_.node_id(), player, revoked_digest}.encode());
      });
}

account_sync::~account_sync() {
  sub_.stop();
}

const std::string& account_sync::channel() {
  static const std::string name = "ringside:accounts";
  return name;
}

void account_sync::start() {
  sub_.start();
  sub_.subscribe(channel());
}

void account_sync::stop() {
  sub_.stop();
}

void account_sync::on_message(const std::string& payload) {
  auto notice = account_notice::decode(payload);
  if (!notice) {
    spdlog::warn("cluster: ignored a message on {} that is not well formed", channel());
    return;
  }
  if (notice->from == node_.node_id()) return;
  if (notice->player.empty()) return identities_.reload_accounts(std::move(notice->revoked));
  identities_.reload_account(std::move(notice->player), std::move(notice->revoked));
}

}  // namespace ringside::server
