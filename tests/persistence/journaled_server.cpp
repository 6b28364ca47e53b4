#include "journaled_server.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <stdexcept>

#include "support/postgres_cluster.hpp"

namespace ringside::test {

std::string postgres_database_for(const std::string& dir) {
  const char* store = std::getenv("RINGSIDE_TEST_STORE");
  if (store == nullptr || std::string(store) != "postgresql") return {};
  static std::map<std::string, std::string> databases;
  auto& name = databases[dir];
  if (name.empty()) name = test_support::postgres_cluster::shared().create_database();
  return name;
}

namespace {

// Every --data directory stands for its own database, so restarting on the same directory
// restarts on the same store.
std::vector<std::string> store_flags(const std::string& dir,
                                     const std::vector<std::string>& extra) {
  if (std::find(extra.begin(), extra.end(), "--store") != extra.end()) return {};
  const auto database = postgres_database_for(dir);
  if (database.empty()) return {};
  return {"--store", test_support::postgres_cluster::shared().url(database)};
}

}  // namespace

journaled_server::journaled_server(std::string dir, std::vector<std::string> extra,
                                   std::vector<std::string> env) {
  std::vector<std::string> args{
      RINGSIDE_SERVER_PATH, "--host", "127.0.0.1", "--port", "0", "--threads", "2",
      "--log-level",        "warn",   "--data",    dir};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto store = store_flags(dir, extra);
  args.insert(args.end(), store.begin(), store.end());
  // Built before fork: the child only execs.
  for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(out[1]);
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
  static const std::regex pattern(R"(^listening on 127\.0\.0\.1:(\d+)\n)");
  std::smatch m;
  if (!std::regex_search(line, m, pattern)) {
    kill9();
    throw std::runtime_error("the server did not print 'listening on': '" + line + "'");
  }
  port_ = static_cast<std::uint16_t>(std::stoi(m[1].str()));
}

journaled_server::~journaled_server() {
  kill9();
}

bool journaled_server::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == 0) return true;
  pid_ = -1;
  return false;
}

void journaled_server::kill9() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

temp_dir::temp_dir() {
  char dir[] = "/tmp/ringside-persist-XXXXXX";
  if (mkdtemp(dir) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = dir;
}

temp_dir::~temp_dir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::pair<int, std::string> run_server_to_exit(const std::vector<std::string>& args) {
  std::string cmd = RINGSIDE_SERVER_PATH;
  for (const auto& a : args) cmd += " '" + a + "'";
  cmd += " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) throw std::runtime_error("popen failed");
  std::string text;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p) != nullptr) text += buf;
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

}  // namespace ringside::test
