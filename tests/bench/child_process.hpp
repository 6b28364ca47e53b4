#pragma once
// child_process: runs a program with its stdout on a pipe, for tests that drive real server
// and load generator processes. The destructor kills and reaps the child, so a failing test
// never leaves a server behind.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ringside::test {

class child_process {
 public:
  // Starts `argv[0]` with `argv`; stderr is inherited (ctest shows it on failure).
  explicit child_process(const std::vector<std::string>& argv);
  ~child_process();
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  // The next line of stdout, or nothing on end of file or after `timeout`.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Everything left on stdout until the child closes it, or until `timeout`.
  std::string read_all(std::chrono::milliseconds timeout);
  // Waits up to `timeout` for the child to exit; its exit status, or nothing if it still runs.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  pid_t pid() const { return pid_; }

 private:
  bool fill(std::chrono::steady_clock::time_point deadline);

  pid_t pid_ = -1;
  int out_ = -1;
  std::string buffered_;
  bool eof_ = false;
  bool reaped_ = false;
};

// Starts a server binary with --port 0 and returns its port from the "listening on HOST:PORT"
// line, or 0 when it did not say so within `timeout`.
int wait_for_listening(child_process& server, std::chrono::milliseconds timeout);

}  // namespace ringside::test
