#include "server/journal_writer.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <vector>

#include "server/seat_write_fold.hpp"

namespace ringside::server {

namespace net = boost::asio;

journal_writer::journal_writer(std::unique_ptr<journal> j, std::chrono::microseconds inline_below,
                               counters count)
    : journal_(std::move(j)),
      inline_below_(inline_below),
      count_(count),
      thread_([this] { loop(); }) {
  std::unique_lock lock(mutex_);
  waiting_cv_.wait(lock, [this] { return waiting_; });
}

journal_writer::~journal_writer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void journal_writer::write(write_fn op, net::any_io_executor ex, done_fn done,
                           journal_write_scope scope) {
  std::unique_lock lock(mutex_);
  // Only a write that finds nothing queued and the journal idle may start a flush: anything
  // queued before it must commit first, and in order.
  const bool here = inline_below_.count() > 0 && !stopping_ && !busy_ && !flush_posted_ &&
                    queue_.empty() && last_commit_ < inline_below_;
  queue_.push_back(task{std::move(op), {}, ex, std::move(done), std::move(scope)});
  if (here) {
    flush_posted_ = true;
    lock.unlock();
    // Posted, not run now: the submitter's own code finishes before its done runs, as when
    // the thread commits.
    net::post(ex, [this] { flush_here(); });
    return;
  }
  // The thread hears of it even while a flush is posted: on a busy server the flush waits
  // behind a long io turn, and the thread's group commit should not wait with it.
  lock.unlock();
  wake_.notify_one();
}

void journal_writer::read(read_fn fn) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(task{{}, std::move(fn), {}, {}, {}});
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

void journal_writer::flush_here() {
  std::deque<task> taken;
  {
    std::lock_guard lock(mutex_);
    // The thread took the queue over meanwhile: nothing is left to do here.
    if (!flush_posted_) return;
    flush_posted_ = false;
    // The thread is committing (it was woken by another write): hand everything to it
    // rather than wait on an io thread.
    if (busy_) {
      wake_.notify_one();
      return;
    }
    busy_ = true;
    taken.swap(queue_);
  }
  run_tasks(taken);
  if (count_.inline_batches != nullptr)
    count_.inline_batches->fetch_add(1, std::memory_order_relaxed);
  bool more = false;
  {
    std::lock_guard lock(mutex_);
    busy_ = false;
    more = !queue_.empty() || stopping_;
  }
  // Written by another io thread while this one committed: the thread takes it.
  if (more) wake_.notify_one();
}

void journal_writer::loop() {
  for (;;) {
    std::deque<task> taken;
    {
      std::unique_lock lock(mutex_);
      if (!waiting_) {
        waiting_ = true;
        waiting_cv_.notify_one();
      }
      // Whatever is queued, a posted flush's writes too: the flush then finds nothing left.
      wake_.wait(lock, [this] { return !busy_ && (stopping_ || !queue_.empty()); });
      if (queue_.empty()) return;  // stopping, and nothing left to write
      flush_posted_ = false;
      busy_ = true;
      taken.swap(queue_);
    }
    run_tasks(taken);
    std::lock_guard lock(mutex_);
    busy_ = false;
  }
}

void journal_writer::run_tasks(std::deque<task>& taken) {
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

void journal_writer::run_writes(std::deque<task>& batch) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<const journal_write_scope*> scopes;
  scopes.reserve(batch.size());
  for (const auto& t : batch) scopes.push_back(&t.scope);
  const auto runs_as = seat_write_fold::plan(scopes);
  std::vector<journal_status> results(batch.size(), journal_status(std::monostate{}));
  std::uint64_t folded = 0;
  auto status = journal_->begin_batch();
  if (status) {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (runs_as[i] != i) {
        ++folded;
        continue;
      }
      // Once SQLite has rolled the batch back itself, later writes would auto-commit one by
      // one while their submitters are told the batch failed: do not run them at all.
      if (!journal_->in_batch()) {
        results[i] = ringside::fail("the journal's transaction was rolled back by the store");
        continue;
      }
      results[i] = batch[i].op(*journal_);
    }
    status = journal_->commit_batch();
  }
  // A folded write's effect is the later write's: it succeeded or failed with it.
  for (std::size_t i = 0; i < batch.size(); ++i)
    if (runs_as[i] != i) results[i] = results[runs_as[i]];
  if (count_.folded != nullptr && folded > 0)
    count_.folded->fetch_add(folded, std::memory_order_relaxed);
  if (!status)
    spdlog::error("journal: a batch of {} writes failed: {}", batch.size(), status.error());
  {
    std::lock_guard lock(mutex_);
    ++batches_;
    writes_ += batch.size();
    last_commit_ = std::chrono::steady_clock::now() - started;
    // Several writes in one batch mean groups form (the server is busy): the thread's group
    // commit then costs less than committing each turn's writes in place, so the next write
    // goes to the thread as after a slow commit. A lone write brings them back.
    if (batch.size() > 1) last_commit_ = std::max(last_commit_, inline_below_);
  }
  if (!status)
    for (auto& r : results) r = journal_status(ringside::fail(status.error()));
  // Counted before any done runs: whoever hears of a failure finds it in the figures.
  if (count_.failed != nullptr) {
    const auto failed =
        std::count_if(results.begin(), results.end(), [](const journal_status& r) { return !r; });
    if (failed > 0)
      count_.failed->fetch_add(static_cast<std::uint64_t>(failed), std::memory_order_relaxed);
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    auto& t = batch[i];
    if (!t.done) continue;
    net::post(t.ex, [done = std::move(t.done), r = std::move(results[i])] { done(r); });
  }
}

}  // namespace ringside::server
