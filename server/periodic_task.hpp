#pragma once
// periodic_task: runs a piece of housekeeping now and then every `interval` until stopped, on
// a strand of its own. The journal's sweeps (unused identities, short finished games) are
// such tasks; the work itself posts to whichever registry owns the data.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>

namespace ringside::server {

class periodic_task {
 public:
  periodic_task(boost::asio::io_context& ioc, std::chrono::steady_clock::duration interval,
                std::function<void()> work);

  // Runs the work now, then every interval until stop(). Call before the io_context runs.
  void start();
  // Any thread; the work is not run again once stop() has been handled.
  void stop();
  // The strand the work runs on, for answers to it and for a last run after stop().
  boost::asio::steady_timer::executor_type executor() { return timer_.get_executor(); }

 private:
  void run_and_wait();

  std::chrono::steady_clock::duration interval_;
  std::function<void()> work_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
};

}  // namespace ringside::server
