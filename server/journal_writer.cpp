#include "server/journal_writer.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <vector>

namespace ringside::server {

namespace net = boost::asio;

journal_writer::journal_writer(std::unique_ptr<journal> j)
    : journal_(std::move(j)), thread_([this] { loop(); }) {}

journal_writer::~journal_writer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void journal_writer::write(write_fn op, net::any_io_executor ex, done_fn done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(task{std::move(op), {}, std::move(ex), std::move(done)});
  }
  wake_.notify_one();
}

void journal_writer::read(read_fn fn) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(task{{}, std::move(fn), {}, {}});
  }
  wake_.notify_one();
}

std::uint64_t journal_writer::batches() const {
  std::lock_guard lock(mutex_);
  return batches_;
}

std::uint64_t journal_writer::writes() const {
  std::lock_guard lock(mutex_);
  return writes_;
}

void journal_writer::loop() {
  for (;;) {
    std::deque<task> taken;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left to write
      taken.swap(queue_);
    }
    // Consecutive writes share one transaction; a read waits until those before it are
    // durable, so it never reports something a crash could still take back.
    while (!taken.empty()) {
      if (!taken.front().op) {
        taken.front().reader(*journal_);
        taken.pop_front();
        continue;
      }
      std::deque<task> batch;
      while (!taken.empty() && taken.front().op) {
        batch.push_back(std::move(taken.front()));
        taken.pop_front();
      }
      run_writes(batch);
    }
  }
}

void journal_writer::run_writes(std::deque<task>& batch) {
  std::vector<journal_status> results;
  results.reserve(batch.size());
  auto status = journal_->begin_batch();
  if (status) {
    for (auto& t : batch) {
      // Once SQLite has rolled the batch back itself, later writes would auto-commit one by
      // one while their submitters are told the batch failed: do not run them at all.
      if (!journal_->in_batch()) {
        results.push_back(ringside::fail("the journal's transaction was rolled back by the store"));
        continue;
      }
      results.push_back(t.op(*journal_));
    }
    status = journal_->commit_batch();
  }
  if (!status)
    spdlog::error("journal: a batch of {} writes failed: {}", batch.size(), status.error());
  {
    std::lock_guard lock(mutex_);
    ++batches_;
    writes_ += batch.size();
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    auto& t = batch[i];
    if (!t.done) continue;
    journal_status r = !status ? journal_status(ringside::fail(status.error())) : results[i];
    net::post(t.ex, [done = std::move(t.done), r = std::move(r)] { done(r); });
  }
}

}  // namespace ringside::server
