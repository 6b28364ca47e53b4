#include "server/periodic_task.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

namespace ringside::server {

periodic_task::periodic_task(boost::asio::io_context& ioc,
                             std::chrono::steady_clock::duration interval,
                             std::function<void()> work)
    : interval_(interval), work_(std::move(work)), timer_(boost::asio::make_strand(ioc)) {}

void periodic_task::start() { run_and_wait(); }

void periodic_task::stop() {
  boost::asio::post(timer_.get_executor(), [this] {
    stopped_ = true;
    timer_.cancel();
  });
}

void periodic_task::run_and_wait() {
  if (stopped_) return;
  work_();
  timer_.expires_after(interval_);
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) run_and_wait();
  });
}

}  // namespace ringside::server
