#include "server/identity_sweep.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>

#include "server/identity_registry.hpp"

namespace ringside::server {

namespace {
constexpr double longest_interval_s = 3600;
}

identity_sweep::identity_sweep(boost::asio::io_context& ioc, identity_registry& identities, double ttl_s)
    : identities_(identities), ttl_s_(ttl_s), timer_(boost::asio::make_strand(ioc)) {}

void identity_sweep::start() {
  if (ttl_s_ > 0) sweep_and_wait();
}

void identity_sweep::stop() {
  boost::asio::post(timer_.get_executor(), [this] {
    stopped_ = true;
    timer_.cancel();
  });
}

void identity_sweep::sweep_and_wait() {
  if (stopped_) return;
  identities_.sweep(ttl_s_);
  timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(std::min(ttl_s_, longest_interval_s))));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) sweep_and_wait();
  });
}

}  // namespace ringside::server
