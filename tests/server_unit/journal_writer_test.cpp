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

}  // namespace

TEST_CASE("journal_writer: quick commits run on the io thread, a turn's writes in one batch") {
  writer_test_dir d;
  std::atomic<std::uint64_t> inline_batches{0};
  journal_writer w(open_journal(d), std::chrono::microseconds(3'600'000'000LL), &inline_batches);
  net::io_context ioc;
  auto strand = net::make_strand(ioc);
  std::vector<int> ran;
  std::vector<int> done;
  std::vector<std::thread::id> where;
  for (int i = 1; i <= 3; ++i) {
    w.write(
        [&, i](journal&) {
          ran.push_back(i);
          where.push_back(std::this_thread::get_id());
          return i == 2 ? journal_status(ringside::fail("op 2 refuses")) : ok();
        },
        strand,
        [&, i](journal_status st) {
          CHECK(ran.size() == 3);  // only once the whole batch has committed
          CHECK(st.has_value() == (i != 2));
          done.push_back(i);
        });
  }
  // Nothing runs before the io turn that queued the writes ends.
  CHECK(ran.empty());
  ioc.run();
  CHECK(ran == std::vector<int>{1, 2, 3});
  CHECK(done == std::vector<int>{1, 2, 3});
  for (const auto& id : where) CHECK(id == std::this_thread::get_id());
  CHECK(w.batches() == 1);
  CHECK(w.writes() == 3);
  CHECK(inline_batches.load() == 1);
}

TEST_CASE(
    "journal_writer: with io-thread commits off, or after a slow commit, the thread commits") {
  writer_test_dir d;
  std::atomic<std::uint64_t> inline_batches{0};
  std::chrono::microseconds inline_below{0};
  SUBCASE("off") {
    inline_below = std::chrono::microseconds{0};
  }
  SUBCASE("the last commit was slower than the bound") {
    inline_below = std::chrono::microseconds{1};
  }
  CAPTURE(inline_below.count());
  journal_writer w(open_journal(d), inline_below, &inline_batches);
  net::io_context ioc;
  auto strand = net::make_strand(ioc);
  // The first write: with a 1 µs bound nothing has been measured yet, so it may run here; it
  // takes longer than the bound, which sends the next one to the thread.
  bool first_done = false;
  w.write(
      [](journal&) {
        const auto until = std::chrono::steady_clock::now() + 20us;
        while (std::chrono::steady_clock::now() < until) {
        }
        return ok();
      },
      strand,
      [&](journal_status st) {
        CHECK(st.has_value());
        first_done = true;
      });
  run_until(ioc, [&] { return first_done; });
  std::thread::id where;
  bool second_done = false;
  w.write(
      [&](journal&) {
        where = std::this_thread::get_id();
        return ok();
      },
      strand,
      [&](journal_status st) {
        CHECK(st.has_value());
        second_done = true;
      });
  run_until(ioc, [&] { return second_done; });
  CHECK(where != std::this_thread::get_id());
  CHECK(w.batches() == 2);
  CHECK(inline_batches.load() == (inline_below.count() == 0 ? 0 : 1));
}

TEST_CASE("journal_writer: a read queued behind a flush runs after its writes are durable") {
  writer_test_dir d;
  journal_writer w(open_journal(d), std::chrono::microseconds(3'600'000'000LL));
  net::io_context ioc;
  auto strand = net::make_strand(ioc);
  std::vector<std::string> order;
  bool read_done = false;
  w.write(
      [&](journal&) {
        order.push_back("write");
        return ok();
      },
      strand, [&](journal_status) { order.push_back("done"); });
  w.read([&](journal&) {
    order.push_back("read");
    read_done = true;
  });
  run_until(ioc, [&] { return read_done && order.size() == 3; });
  CHECK(order.front() == "write");
  CHECK(std::count(order.begin(), order.end(), "read") == 1);
}
