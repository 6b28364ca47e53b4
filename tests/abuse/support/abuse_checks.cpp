#include "support/abuse_checks.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace ringside::test {

void check_players_unharmed(const game_report& r, int min_moves) {
  std::ostringstream what;
  for (const auto& p : r.problems) what << "\n  " << p;
  INFO("the players saw:" << (r.problems.empty() ? " nothing wrong" : what.str()));
  MESSAGE("players: " << r.moves << " moves, slowest move->ack " << r.worst_ms << " ms, "
                      << r.chats_seen << " chats seen");
  CHECK(r.problems.empty());
  CHECK(r.moves >= min_moves);
  const auto late = std::count_if(r.latencies_ms.begin(), r.latencies_ms.end(),
                                  [](double ms) { return ms > slowest_move_ms; });
  const std::ptrdiff_t late_allowed = std::max<std::ptrdiff_t>(1, std::ssize(r.latencies_ms) / 20);
  INFO(late << " of " << r.latencies_ms.size() << " moves slower than " << slowest_move_ms
            << " ms");
  CHECK(late <= late_allowed);
  CHECK(r.worst_ms <= 4 * slowest_move_ms);
}

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) may hold spaces; the fields after its ')' are plain.
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::string field;
  for (int i = 3; i < 14; ++i) rest >> field;  // state .. cmajflt
  unsigned long long utime = 0;
  unsigned long long stime = 0;
  rest >> utime >> stime;
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long descriptors_open(pid_t pid) {
  long n = 0;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    ++n;
  }
  return n;
}

rss_sampler::rss_sampler(server_process& srv)
    : srv_(srv), baseline_(srv.rss_kib()), peak_(baseline_) {
  REQUIRE(baseline_ > 0);
  thread_ = std::thread([this] {
    while (!stopping_) {
      const long now = srv_.rss_kib();
      if (now > peak_.load()) peak_ = now;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
}

rss_sampler::~rss_sampler() {
  stopping_ = true;
  thread_.join();
}

void rss_sampler::check_settles(std::chrono::milliseconds settle) {
#ifdef RINGSIDE_SANITIZED_BUILD
  // ASan keeps freed memory in its quarantine (up to 256 MiB) instead of giving it back, so
  // under the sanitizer build only growth past a full quarantine can be seen (a burst of
  // computer searches fills it with transposition tables); the release build checks 10 %.
  const long limit = baseline_ + (256 + 64) * 1024;
#else
  const long limit = baseline_ + baseline_ / 10;
#endif
  const auto deadline = std::chrono::steady_clock::now() + settle;
  long now = srv_.rss_kib();
  while (now > limit && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    now = srv_.rss_kib();
  }
  MESSAGE("server RSS: " << baseline_ << " KiB before, peak " << peak_.load() << " KiB, " << now
                         << " KiB after");
  CHECK(now <= limit);
}

}  // namespace ringside::test
