#pragma once
// A real HAProxy (Debian's 2.6) child process running the deploy's own docker/haproxy.cfg,
// rendered for loopback through its environment variables: the clients' port, the stats
// port, three nodes' ports and the check interval. Its log goes to a file beside it.

#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

namespace ringside::test {

class haproxy_process {
 public:
  // Starts HAProxy in front of 127.0.0.1:<node_ports> (node-a, node-b, node-c), checking
  // them every `check_inter` (an HAProxy time, e.g. "200ms"), and waits (up to 10 s) until
  // both of its ports accept. Throws std::runtime_error when it does not start.
  haproxy_process(const std::array<std::uint16_t, 3>& node_ports, const std::string& check_inter);
  ~haproxy_process();
  haproxy_process(const haproxy_process&) = delete;
  haproxy_process& operator=(const haproxy_process&) = delete;

  std::uint16_t port() const { return port_; }
  std::uint16_t stats_port() const { return stats_port_; }
  const std::string& log_path() const { return log_path_; }

  // The proxy's view of a node (node-a...): "UP", "DOWN", "UP 1/2", "no check"..., read
  // from the stats page's CSV; "" when HAProxy does not answer or lists no such server.
  std::string server_status(const std::string& node);
  // Polls server_status until it equals `status`; false when `limit` passed first.
  bool wait_status(const std::string& node, const std::string& status,
                   std::chrono::milliseconds limit);

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::uint16_t stats_port_ = 0;
  std::string dir_;
  std::string log_path_;
};

}  // namespace ringside::test
