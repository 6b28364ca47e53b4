#pragma once
// account_sync: accounts are the cluster's (--cluster). Each node keeps its accounts in
// memory (identity_registry's book, for names and passwords, and a cache of tokens); when one
// changes here (made, password changed, a device's token revoked) this says so on the Redis
// channel `ringside:accounts`, naming the account (account_notice), and every other node reads
// that account again from the shared store and forgets the revoked token. After each
// (re)subscription it reads every account again: pub/sub keeps nothing for a node that was not
// listening.

#include <boost/asio/io_context.hpp>
#include <string>

#include "server/redis/redis_subscriber.hpp"

namespace ringside::server {

class cluster_node;
class identity_registry;

class account_sync {
 public:
  account_sync(boost::asio::io_context& ioc, identity_registry& identities, cluster_node& node,
               server::redis::redis_endpoint where);
  ~account_sync();
  account_sync(const account_sync&) = delete;
  account_sync& operator=(const account_sync&) = delete;

  void start();
  void stop();

  static const std::string& channel();

 private:
  void on_message(const std::string& payload);

  identity_registry& identities_;
  cluster_node& node_;
  server::redis::redis_subscriber sub_;
};

}  // namespace ringside::server
