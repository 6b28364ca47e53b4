#pragma once
// A real ringside-server child process on a free loopback port, for tests. The binary path
// comes from the RINGSIDE_SERVER_PATH compile definition.

#include <sys/types.h>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace ringside::test {

// How the child is started, besides its flags.
struct launch_options {
  // RLIMIT_NOFILE for the server, soft and hard alike (so it cannot raise it); 0: inherited.
  long open_files = 0;
  // A file that gets the server's log (stderr); empty: the test's own stderr.
  std::string log_path;
  // The port to listen on; 0 picks a free one. A restarted cluster node takes its old port
  // again, where the proxy expects it.
  std::uint16_t port = 0;
};

class server_process {
 public:
  // Starts the server with --host 127.0.0.1 --port how.port (and its own --data directory when the
  // server has a journal) plus `extra` flags and waits (up to 20 s)
  // for its `listening on` line. Throws std::runtime_error when it does not come.
  explicit server_process(std::vector<std::string> extra = {}, launch_options how = {});
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  // The `listening on ...` line as printed.
  const std::string& banner() const { return banner_; }
  // VmRSS of the server in KiB, from /proc/<pid>/status.
  long rss_kib() const;
  // True while the process has not exited.
  bool running();
  // Sends `sig` and waits (up to `limit`) for the exit; returns the exit status, or -1 when it
  // did not exit in time (it is then killed), or 128+N when killed by signal N.
  int stop(int sig, std::chrono::milliseconds limit = std::chrono::seconds(10));

 private:
  pid_t pid_ = -1;
  int status_ = -1;
  std::uint16_t port_ = 0;
  std::string banner_;
  std::string data_dir_;  // the journal's directory, removed at the end
};

}  // namespace ringside::test
