#pragma once
// A real redis-server child process on a free loopback port, for tests: nothing saved to
// disk, gone with the test. It can be stopped (SIGSTOP: a Redis that no longer answers),
// killed and started again on the same port.

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace ringside::test {

class redis_server {
 public:
  // Starts redis-server and waits (up to 10 s) until it accepts connections; throws
  // std::runtime_error when it does not. With a `password`, Redis asks every connection for it
  // (requirepass) and url() carries it, percent-encoded.
  explicit redis_server(std::string password = {});
  ~redis_server();
  redis_server(const redis_server&) = delete;
  redis_server& operator=(const redis_server&) = delete;

  std::uint16_t port() const { return port_; }
  std::string url() const;
  // url() without the password.
  std::string bare_url() const { return "redis://127.0.0.1:" + std::to_string(port_); }
  const std::string& password() const { return password_; }

  void kill();     // SIGKILL, and waits for the exit
  void restart();  // kill() if running, then a fresh one on the same port (empty)
  void pause();    // SIGSTOP: the socket stays open, nothing is answered
  void resume();   // SIGCONT

 private:
  void launch();

  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::string password_;
};

}  // namespace ringside::test
