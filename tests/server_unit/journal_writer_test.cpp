// journal_writer: where a batch commits (the writer thread, or the io thread that queued it
// when commits are quick), that writes keep their order and share a batch, and that a done
// runs only after its commit, with the op's own status.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/journal_writer.hpp"

namespace {

namespace fs = std::filesystem;
namespace net = boost::asio;
using ringside::server::journal;
using ringside::server::journal_status;
using ringside::server::journal_writer;
using namespace std::chrono_literals;

// A fresh journal directory under /tmp, removed at scope exit.
struct writer_test_dir {
  fs::path path;
  writer_test_dir() {
    std::string tmpl = (fs::temp_directory_path() / "ringside-writer-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~writer_test_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::unique_ptr<journal> open_journal(const writer_test_dir& d) {
  auto j = journal::open(d.path);
  REQUIRE(j);
  return std::move(*j);
}

journal_status ok() {
  return journal_status(std::monostate{});
}

// Runs `ioc` until `pred` holds (the writer thread posts its completions there).
template <class Pred>
void run_until(net::io_context& ioc, Pred pred) {
  ioc.restart();  // an io_context that ran out of work stays stopped until restarted
  auto guard = net::make_work_guard(ioc);
  const auto give_up = std::chrono::steady_clock::now() + 10s;
  while (!pred() && std::chrono::steady_clock::now() < give_up) ioc.run_one_for(100ms);
  REQUIRE(pred());
}

// A writer on a fresh journal, counting the batches it commits on the io thread, and the
// io_context (with a strand) its dones run on. By default commits count as quick for an hour.
struct writer_bench {
  writer_test_dir d;
  std::atomic<std::uint64_t> inline_batches{0};
  // Before the writer: its thread may still hold a copy of the strand after a done has run,
  // so the io_context must outlive it.
  net::io_context ioc;
  net::strand<net::io_context::executor_type> strand = net::make_strand(ioc);
  journal_writer w;

  explicit writer_bench(
      std::chrono::microseconds inline_below = std::chrono::microseconds(3'600'000'000LL))
      : w(open_journal(d), inline_below, {&inline_batches}) {}

  // Queues `op`, and runs the io_context until its done has seen it succeed.
  void write_and_wait(journal_writer::write_fn op) {
    bool done = false;
    w.write(std::move(op), strand, [&](journal_status st) {
      CHECK(st.has_value());
      done = true;
    });
    run_until(ioc, [&] { return done; });
  }
};

}  // namespace

TEST_CASE_FIXTURE(
    writer_bench,
    "journal_writer: a lone write with quick commits runs at the end of its io turn") {
  std::thread::id where;
  bool ran = false;
  bool done = false;
  w.write(
      [&](journal&) {
        ran = true;
        where = std::this_thread::get_id();
        return journal_status(ringside::fail("the op refuses"));
      },
      strand,
      [&](journal_status st) {
        CHECK(ran);
        CHECK_FALSE(st.has_value());  // the op's own status reaches its submitter
        done = true;
      });
  // Nothing runs before the io turn that queued the write ends.
  CHECK_FALSE(ran);
  ioc.run();
  CHECK(done);
  CHECK(where == std::this_thread::get_id());
  CHECK(w.batches() == 1);
  CHECK(inline_batches.load() == 1);
}

TEST_CASE_FIXTURE(
    writer_bench,
    "journal_writer: writes of one io turn keep their order, each done after its commit") {
  std::mutex m;  // the ops may run on the writer thread while the dones run here
  std::vector<int> ran;
  std::vector<int> done;
  for (int i = 1; i <= 3; ++i) {
    w.write(
        [&, i](journal&) {
          std::lock_guard lock(m);
          ran.push_back(i);
          return ok();
        },
        strand,
        [&, i](journal_status st) {
          std::lock_guard lock(m);
          CHECK(st.has_value());
          CHECK(std::find(ran.begin(), ran.end(), i) != ran.end());
          done.push_back(i);
        });
  }
  run_until(ioc, [&] {
    std::lock_guard lock(m);
    return done.size() == 3;
  });
  CHECK(ran == std::vector<int>{1, 2, 3});
  CHECK(done == std::vector<int>{1, 2, 3});
  CHECK(w.writes() == 3);
}

TEST_CASE(
    "journal_writer: with io-thread commits off, or after a slow commit, the thread commits") {
  std::chrono::microseconds inline_below{0};
  SUBCASE("off") {
    inline_below = std::chrono::microseconds{0};
  }
  SUBCASE("the last commit was slower than the bound") {
    inline_below = std::chrono::microseconds{1};
  }
  CAPTURE(inline_below.count());
  writer_bench b(inline_below);
  // The first write: with a 1 µs bound nothing has been measured yet, so it may run here; it
  // takes longer than the bound, which sends the next one to the thread.
  b.write_and_wait([](journal&) {
    const auto until = std::chrono::steady_clock::now() + 20us;
    while (std::chrono::steady_clock::now() < until) {
    }
    return ok();
  });
  std::thread::id where;
  b.write_and_wait([&](journal&) {
    where = std::this_thread::get_id();
    return ok();
  });
  CHECK(where != std::this_thread::get_id());
  CHECK(b.w.batches() == 2);
  CHECK(b.inline_batches.load() == (inline_below.count() == 0 ? 0 : 1));
}

TEST_CASE_FIXTURE(writer_bench,
                  "journal_writer: a read queued after a write runs once that write is durable") {
  std::mutex m;  // the read may run on the writer thread while the done runs here
  std::vector<std::string> order;
  w.write(
      [&](journal&) {
        std::lock_guard lock(m);
        order.push_back("write");
        return ok();
      },
      strand,
      [&](journal_status) {
        std::lock_guard lock(m);
        order.push_back("done");
      });
  w.read([&](journal&) {
    std::lock_guard lock(m);
    order.push_back("read");
  });
  run_until(ioc, [&] {
    std::lock_guard lock(m);
    return order.size() == 3;
  });
  CHECK(order.front() == "write");
  CHECK(std::count(order.begin(), order.end(), "read") == 1);
}

TEST_CASE("journal_writer: a seat write that a later one of its room supersedes takes its result") {
  using ringside::server::journal_write_scope;
  writer_test_dir d;
  std::atomic<std::uint64_t> folded{0};
  std::atomic<std::uint64_t> failed{0};
  // Before the writer, which must stop before the executor its dones run on goes.
  net::io_context ioc;
  auto strand = net::make_strand(ioc);
  journal_writer w(open_journal(d), std::chrono::microseconds{0}, {nullptr, &folded, &failed});
  // The thread is held inside a first batch while the others queue, so they form one batch.
  std::promise<void> entered;
  std::promise<void> release;
  auto released = release.get_future().share();
  w.write(
      [&](journal&) {
        entered.set_value();
        released.wait();
        return ok();
      },
      strand, {});
  entered.get_future().wait();
  std::mutex m;
  std::vector<std::string> ran;
  std::vector<std::string> answers;
  auto queue = [&](std::string name, journal_write_scope scope, journal_status result) {
    w.write(
        [&, name, result](journal&) {
          std::lock_guard lock(m);
          ran.push_back(name);
          return result;
        },
        strand,
        [&, name](journal_status st) {
          std::lock_guard lock(m);
          answers.push_back(name + (st ? " ok" : " " + st.error()));
        },
        std::move(scope));
  };
  queue("s1", journal_write_scope::seats_of("a"), ok());
  queue("s2", journal_write_scope::seats_of("a"), ringside::fail("gone"));
  queue("move", journal_write_scope::of_room("a"), ok());
  queue("s3", journal_write_scope::seats_of("a"), ok());
  queue("other", journal_write_scope::seats_of("b"), ok());
  queue("s4", journal_write_scope::seats_of("a"), ok());
  release.set_value();
  run_until(ioc, [&] {
    std::lock_guard lock(m);
    return answers.size() == 6;
  });
  CHECK(ran == std::vector<std::string>{"s2", "move", "other", "s4"});
  CHECK(answers ==
        std::vector<std::string>{"s1 gone", "s2 gone", "move ok", "s3 ok", "other ok", "s4 ok"});
  CHECK(folded.load() == 2);
  CHECK(failed.load() == 2);  // s2, and s1 that took its result
  CHECK(w.writes() == 7);
}
