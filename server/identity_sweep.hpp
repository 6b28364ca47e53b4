#pragma once
// identity_sweep: prunes identities nobody uses (identity_registry::sweep) at start and then
// every hour, or every --identity-ttl when that is shorter, so the journal holds the
// identities of people who come back and of seated players, not of everyone who ever
// connected: one client making identities must not grow the journal for good.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace ringside::server {

class identity_registry;

class identity_sweep {
 public:
  // `ttl_s` 0: never prune.
  identity_sweep(boost::asio::io_context& ioc, identity_registry& identities, double ttl_s);

  // Sweeps now, then periodically until stop(). Call before the io_context runs.
  void start();
  // Any thread.
  void stop();

 private:
  void sweep_and_wait();

  identity_registry& identities_;
  double ttl_s_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
};

}  // namespace ringside::server
