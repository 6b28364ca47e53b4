// journal under hostile conditions: a read-only directory (checked as an unprivileged user,
// since root ignores permission bits), a writer SIGKILLed mid-stream, concurrent writers.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/journal.hpp"
#include "tests/server/journal_test_support.hpp"

namespace fs = std::filesystem;
using namespace ringside::server;
using namespace ringside::journal_test;

namespace {

// Runs `body` in a forked child that first drops to uid/gid 65534 ("nobody") when we are
// root, and returns what the body returned. The child never touches doctest.
std::string as_unprivileged_child(const std::function<std::string()>& body) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    std::string out;
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) {
      out = "cannot drop privileges";
    } else {
      out = body();
    }
    const auto n = ::write(fds[1], out.data(), out.size());
    ::_exit(n == static_cast<ssize_t>(out.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string got;
  char buf[512];
  ssize_t n = 0;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return got;
}

std::string try_open(const fs::path& dir) {
  auto j = journal::open(dir);
  return j.has_value() ? "opened" : j.error();
}

}  // namespace

// About SQLite's file under --data; a PostgreSQL store has no directory to refuse.
TEST_CASE("journal: a read-only directory gives a clear error naming the path" *
          doctest::skip(on_postgres())) {
  temp_dir t;
  fs::permissions(t.path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  const auto ro = fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                  fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec;

  SUBCASE("empty directory") {
    const auto dir = t.path / "empty";
    fs::create_directory(dir);
    fs::permissions(dir, ro);
    const auto msg = as_unprivileged_child([&] { return try_open(dir); });
    INFO(msg);
    CHECK(msg != "opened");
    CHECK(msg.find(dir.string()) != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "ringside.db"));
  }
  SUBCASE("existing journal, read-only file and directory") {
    const auto dir = t.path / "old";
    open_ok(dir).reset();
    fs::permissions(dir / "ringside.db",
                    fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(dir, ro);
    const auto msg = as_unprivileged_child([&] { return try_open(dir); });
    INFO(msg);
    CHECK(msg != "opened");
    CHECK(msg.find(dir.string()) != std::string::npos);
  }
  SUBCASE("existing journal, writable file in a read-only directory") {
    const auto dir = t.path / "dir-only";
    open_ok(dir).reset();
    fs::permissions(dir / "ringside.db", fs::perms::all);
    fs::permissions(dir, ro);
    const auto msg = as_unprivileged_child([&] { return try_open(dir); });
    INFO(msg);
    CHECK(msg != "opened");
    CHECK(msg.find(dir.string()) != std::string::npos);
  }
}

TEST_CASE("journal: a writer killed mid-stream loses no acknowledged move and tears none") {
  temp_dir t;
  {
    auto j = open_ok(t.path);
    REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  }
  std::mt19937 rng(12345);
  int acked_total = 0;
  for (int round = 0; round < 4; ++round) {
    CAPTURE(round);
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      // The child writes one acknowledgement per append that returned success, and only then.
      ::close(fds[0]);
      auto j = open_journal(t.path);
      if (!j) ::_exit(2);
      auto done = (*j)->moves("r1");
      if (!done) ::_exit(3);
      const int first = done->empty() ? 1 : done->back().ply + 1;
      for (int ply = first; ply < first + 100000; ++ply) {
        if (!(*j)->append_move("r1", sample_move(ply))) ::_exit(4);
        if (::write(fds[1], &ply, sizeof ply) != sizeof ply) ::_exit(5);
      }
      ::_exit(0);
    }
    ::close(fds[1]);
    // Let it commit a varying number of moves, then kill it at a random moment.
    const int want = 10 + static_cast<int>(rng() % 40);
    int last_acked = 0, acks = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (acks < want && std::chrono::steady_clock::now() < deadline) {
      pollfd p{fds[0], POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      int ply = 0;
      if (::read(fds[0], &ply, sizeof ply) != sizeof ply) break;
      last_acked = ply;
      ++acks;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 3000));
    ::kill(pid, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    int ply = 0;
    while (::read(fds[0], &ply, sizeof ply) == sizeof ply) last_acked = ply;
    ::close(fds[0]);
    REQUIRE_MESSAGE(WIFSIGNALED(status), "writer exited early with code " << WEXITSTATUS(status));
    REQUIRE(acks >= want);
    acked_total = last_acked;

    auto j = open_ok(t.path);
    auto moves = j->moves("r1");
    REQUIRE(moves.has_value());
    const int stored = static_cast<int>(moves->size());
    // Every acknowledged move is there; at most one more (committed, not yet acknowledged).
    CHECK(stored >= last_acked);
    CHECK(stored <= last_acked + 1);
    for (int i = 0; i < stored; ++i) {
      REQUIRE_MESSAGE((*moves)[static_cast<std::size_t>(i)] == sample_move(i + 1), "ply " << i + 1);
    }
    j.reset();
    if (!on_postgres()) CHECK(query_one(t.path / "ringside.db", "PRAGMA integrity_check") == "ok");
  }
  CHECK(acked_total >= 40);
}

TEST_CASE("journal: a writer killed mid-batch keeps whole batches only") {
  // Group commit as the server's journal_writer does it: plies 5b+1..5b+5 in one batch.
  constexpr int batch = 5;
  temp_dir t;
  {
    auto j = open_ok(t.path);
    REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  }
  std::mt19937 rng(777);
  for (int round = 0; round < 3; ++round) {
    CAPTURE(round);
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::close(fds[0]);
      auto j = open_journal(t.path);
      if (!j) ::_exit(2);
      auto done = (*j)->moves("r1");
      if (!done) ::_exit(3);
      int next = done->empty() ? 1 : done->back().ply + 1;
      for (int b = 0; b < 20000; ++b) {
        if (!(*j)->begin_batch()) ::_exit(4);
        for (int i = 0; i < batch; ++i, ++next) {
          if (!(*j)->append_move("r1", sample_move(next))) ::_exit(5);
        }
        if (!(*j)->commit_batch()) ::_exit(6);
        const int last = next - 1;
        if (::write(fds[1], &last, sizeof last) != sizeof last) ::_exit(7);
      }
      ::_exit(0);
    }
    ::close(fds[1]);
    const int want = 3 + static_cast<int>(rng() % 10);
    int last_acked = 0, acks = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (acks < want && std::chrono::steady_clock::now() < deadline) {
      pollfd p{fds[0], POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      int ply = 0;
      if (::read(fds[0], &ply, sizeof ply) != sizeof ply) break;
      last_acked = ply;
      ++acks;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 3000));
    ::kill(pid, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    int ply = 0;
    while (::read(fds[0], &ply, sizeof ply) == sizeof ply) last_acked = ply;
    ::close(fds[0]);
    REQUIRE_MESSAGE(WIFSIGNALED(status), "writer exited early with code " << WEXITSTATUS(status));
    REQUIRE(acks >= want);

    auto j = open_ok(t.path);
    auto moves = j->moves("r1");
    REQUIRE(moves.has_value());
    const int stored = static_cast<int>(moves->size());
    CHECK(stored % batch == 0);  // no half batch
    CHECK(stored >= last_acked);
    CHECK(stored <= last_acked + batch);
    for (int i = 0; i < stored; ++i) {
      REQUIRE_MESSAGE((*moves)[static_cast<std::size_t>(i)] == sample_move(i + 1), "ply " << i + 1);
    }
  }
}

TEST_CASE("journal: concurrent writers to different rooms all land, each room in order") {
  temp_dir t;
  auto j = open_ok(t.path);
  constexpr int rooms = 4, per_room = 25;
  for (int r = 0; r < rooms; ++r) {
    REQUIRE(j->save_room(sample_room(numbered("r", r), r)).has_value());
  }
  std::vector<int> failures(rooms, 0);
  {
    std::vector<std::jthread> writers;
    for (int r = 0; r < rooms; ++r) {
      writers.emplace_back([&, r] {
        for (int ply = 1; ply <= per_room; ++ply) {
          if (!j->append_move(numbered("r", r), sample_move(ply)))
            ++failures[static_cast<std::size_t>(r)];
        }
      });
    }
  }
  for (int r = 0; r < rooms; ++r) {
    CHECK(failures[static_cast<std::size_t>(r)] == 0);
    auto m = j->moves(numbered("r", r));
    REQUIRE(m.has_value());
    REQUIRE(m->size() == per_room);
    for (int ply = 1; ply <= per_room; ++ply)
      CHECK((*m)[static_cast<std::size_t>(ply - 1)] == sample_move(ply));
  }
}
