#include "support/server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <stdexcept>
#include <thread>

#include "support/postgres_cluster.hpp"

#ifndef RINGSIDE_SERVER_PATH
#error "RINGSIDE_SERVER_PATH must name the ringside-server binary"
#endif

namespace ringside::test {

namespace {

// Whether this build of the server keeps a journal (--data); each test server then gets its
// own empty directory, so parallel tests never share or inherit games.
bool server_has_journal() {
  static const bool has = [] {
    const std::string cmd = std::string(RINGSIDE_SERVER_PATH) + " --help";
    FILE* p = popen(cmd.c_str(), "r");
    if (p == nullptr) return false;
    std::string text;
    char buf[512];
    while (std::fgets(buf, sizeof buf, p) != nullptr) text += buf;
    pclose(p);
    return text.find("--data") != std::string::npos;
  }();
  return has;
}

}  // namespace

server_process::server_process(std::vector<std::string> extra, launch_options how) {
  std::vector<std::string> args{
      RINGSIDE_SERVER_PATH, "--port", std::to_string(how.port), "--threads", "2",
      "--log-level",        "warn"};
  // A test may listen elsewhere on loopback (an IPv6 socket's IPv4-mapped address).
  if (std::find(extra.begin(), extra.end(), "--host") == extra.end())
    args.insert(args.end(), {"--host", "127.0.0.1"});
  if (server_has_journal()) {
    char dir[] = "/tmp/ringside-test-XXXXXX";
    if (mkdtemp(dir) == nullptr) throw std::runtime_error("mkdtemp failed");
    data_dir_ = dir;
    args.insert(args.end(), {"--data", data_dir_});
  }
  // With RINGSIDE_TEST_STORE=postgresql (ctest's *_postgresql entries) each test server keeps
  // its journal in a fresh schema of the process's one PostgreSQL cluster instead.
  const char* store = std::getenv("RINGSIDE_TEST_STORE");
  if (store != nullptr && std::string(store) == "postgresql" && server_has_journal() &&
      std::find(extra.begin(), extra.end(), "--store") == extra.end()) {
    auto& cluster = test_support::postgres_cluster::shared();
    args.insert(args.end(), {"--store", cluster.url_in_schema(cluster.create_schema())});
  }
  args.insert(args.end(), extra.begin(), extra.end());
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    if (!how.log_path.empty()) {
      const int log = open(how.log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (log < 0) _exit(126);
      dup2(log, STDERR_FILENO);
      close(log);
    }
    if (how.open_files > 0) {
      const rlimit files{static_cast<rlim_t>(how.open_files), static_cast<rlim_t>(how.open_files)};
      if (setrlimit(RLIMIT_NOFILE, &files) != 0) _exit(125);
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  // Read until the first line, bounded by a deadline so a broken server fails the test.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string line;
  while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out[0], POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    char buf[256];
    const auto n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    line.append(buf, static_cast<std::size_t>(n));
  }
  close(out[0]);
  static const std::regex pattern(
      R"(^listening on (?:127\.0\.0\.1|::ffff:127\.0\.0\.1|::1):(\d+)\n)");
  std::smatch m;
  if (!std::regex_search(line, m, pattern)) {
    stop(SIGKILL);
    throw std::runtime_error("the server did not print 'listening on': '" + line + "'");
  }
  banner_ = line.substr(0, line.find('\n'));
  port_ = static_cast<std::uint16_t>(std::stoi(m[1].str()));
}

server_process::~server_process() {
  if (pid_ > 0 && status_ < 0) stop(SIGKILL);
  if (!data_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(data_dir_, ec);
  }
}

long server_process::rss_kib() const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  std::string key;
  while (in >> key) {
    if (key == "VmRSS:") {
      long kib = 0;
      in >> kib;
      return kib;
    }
    std::getline(in, key);
  }
  return -1;
}

bool server_process::running() {
  if (status_ >= 0) return false;
  int st = 0;
  if (waitpid(pid_, &st, WNOHANG) == pid_) {
    status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return false;
  }
  return true;
}

int server_process::stop(int sig, std::chrono::milliseconds limit) {
  if (!running()) return status_;
  kill(pid_, sig);
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running()) return status_;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid_, SIGKILL);
  int st = 0;
  waitpid(pid_, &st, 0);
  status_ = 255;
  return -1;
}

}  // namespace ringside::test
