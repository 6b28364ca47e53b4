// Rated games' ends under SIGKILL: a writer finishing rated rooms, alone and in group-commit
// batches as the server's journal_writer does, is killed at random moments; every reopened
// journal has each finished rated room with exactly its two rating changes and ratings that
// are the replay of the history, never a game ended without its change or the reverse.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <random>
#include <string>
#include <thread>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/journal.hpp"
#include "tests/server/journal_rating_test_support.hpp"
#include "tests/server/journal_test_support.hpp"

using namespace ringside::server;
using namespace ringside::journal_test;
namespace rating = ringside::rating;

TEST_CASE("journal: a writer killed during a burst of rated game endings leaves ratings whole") {
  temp_dir t;
  const rating::glicko2 system;
  open_ok(t.path).reset();
  std::mt19937 rng(4242);
  int finished_total = 0;
  for (int round = 0; round < 4; ++round) {
    CAPTURE(round);
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      // The child reports each room it finished once the finish is durable. Six players meet
      // in turn, in two categories, a few days apart, so deviations grow and ratings chain.
      ::close(fds[0]);
      auto j = open_journal(t.path);
      if (!j) ::_exit(2);
      std::mt19937 child_rng(static_cast<unsigned>(round) * 7919U + 1U);
      for (int n = 0; n < 100000; ++n) {
        const std::string id = numbered(numbered("k", round).append("-").c_str(), n);
        const int a = static_cast<int>(child_rng() % 6);
        const int b = (a + 1 + static_cast<int>(child_rng() % 5)) % 6;
        if (!(*j)->save_room(rated_room(id, numbered("p", a), numbered("p", b)))) ::_exit(3);
        const room_result result{static_cast<int>(child_rng() % 3), "win_condition"};
        const std::string kind = n % 3 == 0 ? "dvonn/standard/quick" : "zertz/standard/rapid";
        const std::int64_t played = (round * 100000 + n) * std::int64_t{3} * 86'400'000;
        // Every other room in a batch with an ordinary move write, as the writer thread does.
        const bool batched = n % 2 == 1;
        if (batched && !(*j)->begin_batch()) ::_exit(4);
        if (!(*j)->finish_rated_room(id, result, "pos", "rec", kind, system, played)) {
          ::_exit(5);
        }
        if (batched && !(*j)->commit_batch()) ::_exit(6);
        if (::write(fds[1], &n, sizeof n) != sizeof n) ::_exit(7);
      }
      ::_exit(0);
    }
    ::close(fds[1]);
    const int want = 5 + static_cast<int>(rng() % 30);
    int acks = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (acks < want && std::chrono::steady_clock::now() < deadline) {
      pollfd p{fds[0], POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      int n = 0;
      if (::read(fds[0], &n, sizeof n) != sizeof n) break;
      ++acks;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 5000));
    ::kill(pid, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    int n = 0;
    while (::read(fds[0], &n, sizeof n) == sizeof n) ++acks;
    ::close(fds[0]);
    REQUIRE_MESSAGE(WIFSIGNALED(status), "writer exited early with code " << WEXITSTATUS(status));
    REQUIRE(acks >= want);

    auto j = open_ok(t.path);
    const int finished = check_ratings_replay(*j, system);
    // Every acknowledged finish is there; at most one more (durable, not yet acknowledged).
    CHECK(finished - finished_total >= acks);
    CHECK(finished - finished_total <= acks + 1);
    finished_total = finished;
    j.reset();
    // No finished rated room without its history rows (those with rows were checked above).
    CHECK(query_one(t.path / "ringside.db",
                    "SELECT count(*) FROM rooms WHERE rated = 1 AND status = 'finished'") ==
          std::to_string(finished));
    if (!on_postgres()) CHECK(query_one(t.path / "ringside.db", "PRAGMA integrity_check") == "ok");
  }
  CHECK(finished_total >= 20);
}
