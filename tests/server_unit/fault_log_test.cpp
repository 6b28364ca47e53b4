// fault_log counts every failure but logs at most one line a second, saying how many it
// left out: a client that can make a handler throw must not also fill the disk.
#include <doctest/doctest.h>

#include <stdexcept>

#include "server/fault_log.hpp"

namespace ringside::server {

TEST_CASE("fault_log: every failure counted, one line a second, the rest summed up") {
  fault_log log;
  const auto t0 = fault_log::clock::time_point{} + std::chrono::hours(1);
  const auto first = log.record("an HTTP request from 10.0.0.1", "boom", t0);
  REQUIRE(first);
  CHECK(first->find("an HTTP request from 10.0.0.1") != std::string::npos);
  CHECK(first->find("boom") != std::string::npos);
  CHECK_FALSE(log.record("x", "again", t0 + std::chrono::milliseconds(10)));
  CHECK_FALSE(log.record("x", "again", t0 + std::chrono::milliseconds(999)));
  const auto later = log.record("y", "third", t0 + std::chrono::milliseconds(1000));
  REQUIRE(later);
  CHECK(later->find("and 2 more") != std::string::npos);
  CHECK(log.count() == 4);
  const auto quiet = log.record("z", "fourth", t0 + std::chrono::seconds(5));
  REQUIRE(quiet);
  CHECK(quiet->find("more") == std::string::npos);
}

TEST_CASE("current_exception_text names what was thrown") {
  try {
    throw std::runtime_error("type_error.316");
  } catch (...) {
    CHECK(current_exception_text() == "type_error.316");
  }
  try {
    throw 42;
  } catch (...) {
    CHECK(current_exception_text().find("not a std::exception") != std::string::npos);
  }
}

}  // namespace ringside::server
