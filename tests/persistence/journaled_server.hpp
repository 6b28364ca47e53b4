#pragma once
// A ringside-server child that keeps one --data directory across restarts, so a test can
// SIGKILL it and start it again on the same journal (tests/server's server_process gives each
// server a fresh directory and removes it, which is the opposite of what these tests need).

#include <sys/types.h>
#include <cstdint>
#include <string>
#include <vector>

namespace ringside::test {

class journaled_server {
 public:
  // Starts the server on 127.0.0.1, a free port, --data `dir`, plus `extra`, with `env`
  // ("NAME=value") added to this process's environment; waits (up to 20 s) for
  // `listening on`. Throws std::runtime_error when it does not come.
  journaled_server(std::string dir, std::vector<std::string> extra = {},
                   std::vector<std::string> env = {});
  ~journaled_server();
  journaled_server(const journaled_server&) = delete;
  journaled_server& operator=(const journaled_server&) = delete;

  std::uint16_t port() const { return port_; }
  // SIGKILL, then waits for the exit: the crash every persistence test is about.
  void kill9();
  // True while the process has not exited (it did not crash).
  bool running();

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

// A fresh empty directory under /tmp, removed when the object goes.
class temp_dir {
 public:
  temp_dir();
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// With RINGSIDE_TEST_STORE=postgresql, the PostgreSQL database (of the process's one
// cluster, support/postgres_cluster.hpp) that stands for --data `dir`, made on first use;
// empty on SQLite. A raw read of the store goes there instead of to dir/ringside.db.
std::string postgres_database_for(const std::string& dir);

// Runs the server binary with `args` to its exit; returns {exit code, stderr+stdout}.
std::pair<int, std::string> run_server_to_exit(const std::vector<std::string>& args);

}  // namespace ringside::test
