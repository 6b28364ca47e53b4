#pragma once
// SIGSTOP for tests that pause a node: kill() returns before the process has stopped. Each
// thread takes the stop at its next return to user space, and a thread that was not woken for
// it (blocked in poll while another thread took the signal) can still read a reply and send
// the next statement first. So a test that needs the node paused waits until every thread is.

#include <signal.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

namespace ringside::test {

// Whether every thread of `pid` shows state T (stopped) in /proc within `limit`.
inline bool all_threads_stopped_within(pid_t pid, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
  do {
    bool all = true;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator(tasks, ec)) {
      std::ifstream stat(task.path() / "stat");
      const std::string text((std::istreambuf_iterator<char>(stat)),
                             std::istreambuf_iterator<char>());
      const auto close = text.rfind(')');
      if (close == std::string::npos || close + 2 >= text.size() || text[close + 2] != 'T') {
        all = false;
        break;
      }
    }
    if (all && !ec) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

// SIGSTOP to `pid`, and true once all its threads have stopped (false past `limit`).
inline bool stop_process(pid_t pid,
                         std::chrono::milliseconds limit = std::chrono::milliseconds(2000)) {
  return ::kill(pid, SIGSTOP) == 0 && all_threads_stopped_within(pid, limit);
}

}  // namespace ringside::test
