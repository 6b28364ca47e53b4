#pragma once
// journal_writer: the one thread that talks to the journal. Rooms and the lobby queue writes
// with a completion; the thread takes everything queued, runs it in ONE transaction and one
// fsync (group commit), then posts each completion to the executor its submitter named. So
// the io threads never wait for the disk, and an acknowledged move is always a durable one.

#include <boost/asio/any_io_executor.hpp>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "server/journal.hpp"

namespace ringside::server {

class journal_writer {
 public:
  using write_fn = std::function<journal_status(journal&)>;
  using done_fn = std::function<void(journal_status)>;
  using read_fn = std::function<void(journal&)>;

  // Takes the opened journal and starts the writer thread.
  explicit journal_writer(std::unique_ptr<journal> j);
  // Runs what is still queued, then stops the thread.
  ~journal_writer();
  journal_writer(const journal_writer&) = delete;
  journal_writer& operator=(const journal_writer&) = delete;

  // Queues `op` for the next group commit. `done` (may be empty) is posted to `ex` with the
  // op's status once the batch is durable, or with the failure that undid it. Writes run in
  // submission order. Any thread.
  void write(write_fn op, boost::asio::any_io_executor ex, done_fn done);
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
  };
  void loop();
  void run_writes(std::deque<task>& batch);

  std::unique_ptr<journal> journal_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<task> queue_;
  bool stopping_ = false;
  std::uint64_t batches_ = 0;
  std::uint64_t writes_ = 0;
  std::thread thread_;  // last: starts after everything above exists
};

}  // namespace ringside::server
