#include "support/redis_server.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>
#include <vector>

#include "support/loopback.hpp"
#include "support/process_stop.hpp"

namespace ringside::test {

redis_server::redis_server(std::string password)
    : port_(free_loopback_port()), password_(std::move(password)) {
  launch();
}

std::string redis_server::url() const {
  if (password_.empty()) return bare_url();
  std::string escaped;
  for (const char ch : password_) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) != 0) {
      escaped += ch;
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned>(c));
      escaped += hex;
    }
  }
  return "redis://:" + escaped + "@127.0.0.1:" + std::to_string(port_);
}

redis_server::~redis_server() {
  if (pid_ > 0) {
    ::kill(pid_, SIGCONT);
    kill();
  }
}

void redis_server::launch() {
  const std::string port = std::to_string(port_);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    // Its start-up banner and warnings (memory overcommit) would drown the test's output.
    const int devnull = ::open("/dev/null", O_WRONLY);
    if (devnull >= 0) {
      ::dup2(devnull, STDOUT_FILENO);
      ::dup2(devnull, STDERR_FILENO);
    }
    std::vector<const char*> argv{"redis-server", "--port",     port.c_str(), "--bind",
                                  "127.0.0.1",    "--save",     "",           "--appendonly",
                                  "no",           "--loglevel", "warning"};
    if (!password_.empty()) argv.insert(argv.end(), {"--requirepass", password_.c_str()});
    argv.push_back(nullptr);
    ::execvp("redis-server", const_cast<char* const*>(argv.data()));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (loopback_accepts(port_)) return;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("redis-server exited at start (is it installed?)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("redis-server did not start listening");
}

void redis_server::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

void redis_server::restart() {
  kill();
  launch();
}

void redis_server::pause() {
  // Redis's I/O threads answer on their own: paused only once every thread has stopped.
  if (pid_ > 0 && !stop_process(pid_)) throw std::runtime_error("redis-server did not stop");
}

void redis_server::resume() {
  if (pid_ > 0) ::kill(pid_, SIGCONT);
}

}  // namespace ringside::test
