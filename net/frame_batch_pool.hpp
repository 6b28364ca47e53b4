#pragma once
// frame_batch_pool: spare frame_batches kept by each thread that writes. A connection holds a
// batch only while it has frames to write and gives it back once its outbox is empty, so an
// idle connection carries none (a batch is some 370 bytes) and a thread reuses the same few
// batches for every connection it writes to: no allocation per write once warm.

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "net/frame_batch.hpp"

namespace ringside::net {

class frame_batch_pool {
 public:
  // Batches a thread keeps beyond this are freed: connections waiting on a full socket hold
  // theirs meanwhile, and a burst of them should not stay in memory after.
  static constexpr std::size_t kept = 16;

  // A batch from this thread's spares, or a new one.
  static std::unique_ptr<frame_batch> take() {
    auto& spare = spares();
    if (spare.empty()) return std::make_unique<frame_batch>();
    auto b = std::move(spare.back());
    spare.pop_back();
    return b;
  }
  // Keeps `b` for this thread's next take(), unless enough are kept.
  static void give(std::unique_ptr<frame_batch> b) {
    auto& spare = spares();
    if (b && spare.size() < kept) spare.push_back(std::move(b));
  }
  // How many this thread keeps now (for tests).
  static std::size_t spare_count() { return spares().size(); }

 private:
  static std::vector<std::unique_ptr<frame_batch>>& spares() {
    thread_local std::vector<std::unique_ptr<frame_batch>> s;
    return s;
  }
};

}  // namespace ringside::net
