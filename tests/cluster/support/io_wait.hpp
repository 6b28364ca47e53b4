#pragma once
// Runs an io_context in the test's own thread until a condition holds or time runs out, so a
// test of asynchronous code reads top to bottom.

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>

namespace ringside::test {

// True when `done` turned true within `limit`.
inline bool run_until(boost::asio::io_context& ioc, const std::function<bool()>& done,
                      std::chrono::milliseconds limit = std::chrono::seconds(5)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    ioc.restart();
    ioc.run_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace ringside::test
