// frame_batch_pool: a thread's spare batches are reused, and only so many are kept.
#include <doctest/doctest.h>

#include <memory>
#include <thread>
#include <vector>

#include "net/frame_batch_pool.hpp"

using ringside::net::frame_batch;
using ringside::net::frame_batch_pool;

TEST_CASE("a batch given back is the next one taken on the same thread") {
  auto first = frame_batch_pool::take();
  REQUIRE(first);
  const frame_batch* const address = first.get();
  first->add("kept frames do not leak into the next writer");
  frame_batch_pool::give(std::move(first));
  CHECK(frame_batch_pool::spare_count() == 1);
  auto again = frame_batch_pool::take();
  CHECK(again.get() == address);
  CHECK(frame_batch_pool::spare_count() == 0);
  // Writers clear a batch before they fill it; a taken batch may hold the last writer's frames.
  again->clear();
  CHECK(again->frames() == 0);
  frame_batch_pool::give(std::move(again));
  frame_batch_pool::give(nullptr);  // a connection that held none gives nothing
  CHECK(frame_batch_pool::spare_count() == 1);
  frame_batch_pool::take();  // leaves the thread's spares empty for the next case
}

TEST_CASE("a thread keeps at most frame_batch_pool::kept spares; another thread has its own") {
  std::vector<std::unique_ptr<frame_batch>> held;
  for (std::size_t i = 0; i < frame_batch_pool::kept + 5; ++i)
    held.push_back(frame_batch_pool::take());
  for (auto& b : held) frame_batch_pool::give(std::move(b));
  CHECK(frame_batch_pool::spare_count() == frame_batch_pool::kept);
  std::size_t other_thread_spares = 99;
  std::thread([&] { other_thread_spares = frame_batch_pool::spare_count(); }).join();
  CHECK(other_thread_spares == 0);
  while (frame_batch_pool::spare_count() != 0) frame_batch_pool::take();
}
