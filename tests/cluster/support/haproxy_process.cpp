#include "support/haproxy_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "support/loopback.hpp"
#include "support/ws_client.hpp"

#ifndef RINGSIDE_HAPROXY_CONFIG
#error "RINGSIDE_HAPROXY_CONFIG must name docker/haproxy.cfg"
#endif

namespace ringside::test {

namespace {

constexpr const char* haproxy_binary = "/usr/sbin/haproxy";

std::string loopback(std::uint16_t port) {
  return "127.0.0.1:" + std::to_string(port);
}

// The cells of one CSV line (the stats page quotes no field HAProxy writes for servers).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  return cells;
}

}  // namespace

haproxy_process::haproxy_process(const std::array<std::uint16_t, 3>& node_ports,
                                 const std::string& check_inter)
    : port_(free_loopback_port()), stats_port_(free_loopback_port()) {
  if (::access(haproxy_binary, X_OK) != 0)
    throw std::runtime_error(
        "no /usr/sbin/haproxy: install the `haproxy` package "
        "(scripts/packages-test.txt)");
  char dir[] = "/tmp/ringside-haproxy-XXXXXX";
  if (::mkdtemp(dir) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir_ = dir;
  log_path_ = dir_ + "/haproxy.log";
  const std::vector<std::pair<std::string, std::string>> env{
      {"RINGSIDE_PROXY_BIND", loopback(port_)},     {"RINGSIDE_STATS_BIND", loopback(stats_port_)},
      {"RINGSIDE_NODE_A", loopback(node_ports[0])}, {"RINGSIDE_NODE_B", loopback(node_ports[1])},
      {"RINGSIDE_NODE_C", loopback(node_ports[2])}, {"RINGSIDE_CHECK_INTER", check_inter}};
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int log = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (log >= 0) {
      ::dup2(log, STDOUT_FILENO);
      ::dup2(log, STDERR_FILENO);
    }
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    // -db: in the foreground, as the test's child; no master process to outlive a kill.
    const char* argv[] = {haproxy_binary, "-db", "-f", RINGSIDE_HAPROXY_CONFIG, nullptr};
    ::execv(haproxy_binary, const_cast<char* const*>(argv));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (loopback_accepts(port_) && loopback_accepts(stats_port_)) return;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("haproxy exited at start (see " + log_path_ + ")");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  throw std::runtime_error("haproxy did not listen within 10 s (see " + log_path_ + ")");
}

haproxy_process::~haproxy_process() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string haproxy_process::server_status(const std::string& node) {
  std::pair<int, std::string> answer;
  try {
    answer = http_get(stats_port_, "/stats;csv");
  } catch (const std::exception&) {
    return "";
  }
  if (answer.first != 200) return "";
  std::stringstream lines(answer.second);
  std::string line;
  std::size_t status_column = 0;
  while (std::getline(lines, line)) {
    const auto cells = csv_cells(line);
    if (!line.empty() && line[0] == '#') {
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i] == "status") status_column = i;
      continue;
    }
    if (cells.size() > status_column && cells[0] == "ringside_nodes" && cells[1] == node)
      return cells[status_column];
  }
  return "";
}

bool haproxy_process::wait_status(const std::string& node, const std::string& status,
                                  std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  do {
    if (server_status(node) == status) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

}  // namespace ringside::test
