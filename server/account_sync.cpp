#include "server/account_sync.hpp"

#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "server/cluster_node.hpp"
#include "server/identity_registry.hpp"

namespace ringside::server {

account_sync::account_sync(boost::asio::io_context& ioc, identity_registry& identities,
                           cluster_node& node, server::redis::redis_endpoint where)
    : identities_(identities),
      node_(node),
      sub_(ioc, std::move(where),
           [this](const std::string&, const std::string& payload) { on_message(payload); }) {
  sub_.on_subscribed([this](const std::string&) { identities_.reload_accounts({}); });
  identities_.on_account_changed([this](const std::string& revoked_digest) {
    node_.publish(channel(),
                  nlohmann::json{{"from", node_.node_id()}, {"revoked", revoked_digest}}.dump());
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
  const auto j = nlohmann::json::parse(payload, nullptr, false);
  if (!j.is_object() || !j.contains("from") || !j["from"].is_string() || !j.contains("revoked") ||
      !j["revoked"].is_string()) {
    spdlog::warn("cluster: ignored a message on {} that is not well formed", channel());
    return;
  }
  if (j["from"].get<std::string>() == node_.node_id()) return;
  identities_.reload_accounts(j["revoked"].get<std::string>());
}

}  // namespace ringside::server
