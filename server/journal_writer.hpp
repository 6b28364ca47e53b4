#pragma once
// journal_writer: the one thread that talks to the journal. Rooms and the lobby queue writes
// with a completion; the thread takes everything queued, runs it in ONE transaction and one
// fsync (group commit), then posts each completion to the executor its submitter named. So
// the io threads never wait for the disk, and an acknowledged move is always a durable one.
//
// When commits are quick (a journal on tmpfs: tens of µs) the hand-off to the thread and back,
// two wake-ups, costs more than the commit. Then a lone write that finds the journal idle is
// committed on an io thread instead, at the end of the io turn that queued it: the same order,
// the same "done only after the commit", without waking anybody. A write made meanwhile wakes
// the thread, which takes both as one batch. A slow commit (a disk's fsync) sends writes back
// to the thread, so an io thread never waits long for the disk; so does a batch of several
// writes (a busy server), where the thread's group commit is the cheaper.
//
// Within a batch, a room's seat write that a later seat write of the same room supersedes is
// not run at all (seat_write_fold): it takes the later one's result, which commits in the
// same transaction. On PostgreSQL each write is a round trip, and a crowd's seat changes
// would otherwise queue seconds of them.

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "server/journal.hpp"
#include "server/journal_write_scope.hpp"

namespace ringside::server {

// Where a journal_writer counts what it did, for /metrics; any of them may be null.
struct journal_writer_counters {
  std::atomic<std::uint64_t>* inline_batches = nullptr;  // batches committed on an io thread
  std::atomic<std::uint64_t>* folded = nullptr;          // seat writes a later one superseded
  // Writes whose done was told of a failure: their own, or their batch's transaction's.
  std::atomic<std::uint64_t>* failed = nullptr;
};

class journal_writer {
 public:
  using write_fn = std::function<journal_status(journal&)>;
  using done_fn = std::function<void(journal_status)>;
  using read_fn = std::function<void(journal&)>;

  using counters = journal_writer_counters;

  // Takes the opened journal and starts the writer thread. Writes commit on an io thread
  // while the last commit took less than `inline_below` (zero: always on the writer thread).
  explicit journal_writer(std::unique_ptr<journal> j,
                          std::chrono::microseconds inline_below = std::chrono::microseconds{0},
                          counters count = {});
  // Runs what is still queued, then stops the thread. Every executor a write named must
  // outlive the writer: the thread may still hold a copy after that write's done has run.
  ~journal_writer();
  journal_writer(const journal_writer&) = delete;
  journal_writer& operator=(const journal_writer&) = delete;

  // Queues `op` for the next group commit. `done` (may be empty) is posted to `ex` with the
  // op's status once the batch is durable, or with the failure that undid it. Writes run in
  // submission order. Any thread; the batch may be committed on `ex` (see above). `scope`
  // says what the op touches: only a `room_seats` write may be folded into a later one.
  void write(write_fn op, boost::asio::any_io_executor ex, done_fn done,
             journal_write_scope scope = journal_write_scope::anything());
  // Queues `fn` to run on the writer thread between batches, after every write queued
  // before it is durable; `fn` posts its own answer where it belongs. Any thread.
  void read(read_fn fn);

  // Batches committed and writes done so far (for figures and tests of group commit).
  std::uint64_t batches() const;
  std::uint64_t writes() const;

 private:
  struct task {
    write_fn op;  // empty for a read
    read_fn reader;
    boost::asio::any_io_executor ex;
    done_fn done;
    journal_write_scope scope;
  };
  void loop();
  // Runs `taken` in order: consecutive writes as one batch, reads between batches.
  void run_tasks(std::deque<task>& taken);
  void run_writes(std::deque<task>& batch);
  // Runs on an io thread what the io turn queued since the flush was posted.
  void flush_here();

  std::unique_ptr<journal> journal_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  // The constructor returns once the thread waits for work: a first write then finds it idle,
  // as every later one does, instead of racing its start.
  std::condition_variable waiting_cv_;
  bool waiting_ = false;
  std::deque<task> queue_;
  bool stopping_ = false;
  // The journal is in use (by the thread or an io thread's flush): nobody else may start.
  bool busy_ = false;
  // A flush is posted: no second one is needed; cleared by whoever takes the queue first.
  bool flush_posted_ = false;
  const std::chrono::nanoseconds inline_below_;
  // How long the last batch took; at least inline_below_ when it held several writes.
  std::chrono::nanoseconds last_commit_{0};
  const counters count_;
  std::uint64_t batches_ = 0;
  std::uint64_t writes_ = 0;
  std::thread thread_;  // last: starts after everything above exists
};

}  // namespace ringside::server
