#include "server_probe.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>

namespace ringside::load {

namespace {

// Socket inodes listening (state 0A) on `port` in one /proc/net table.
void listening_inodes(const char* table, std::uint16_t port, std::set<std::string>& out) {
  std::ifstream in(table);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string sl, local, remote, state, queues, timer, retr, uid, timeout, inode;
    f >> sl >> local >> remote >> state >> queues >> timer >> retr >> uid >> timeout >> inode;
    if (state != "0A") continue;
    const auto colon = local.rfind(':');
    if (colon == std::string::npos) continue;
    if (std::stoul(local.substr(colon + 1), nullptr, 16) == port) out.insert(inode);
  }
}

}  // namespace

std::optional<int> find_listening_pid(std::uint16_t port) {
  std::set<std::string> inodes;
  listening_inodes("/proc/net/tcp", port, inodes);
  listening_inodes("/proc/net/tcp6", port, inodes);
  if (inodes.empty()) return std::nullopt;
  namespace fs = std::filesystem;
  std::error_code ec;
  for (const auto& proc : fs::directory_iterator("/proc", ec)) {
    const std::string name = proc.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code fd_ec;
    for (const auto& fd : fs::directory_iterator(proc.path() / "fd", fd_ec)) {
      std::error_code link_ec;
      const std::string target = fs::read_symlink(fd.path(), link_ec).string();
      if (link_ec || target.rfind("socket:[", 0) != 0) continue;
      if (inodes.count(target.substr(8, target.size() - 9))) return std::stoi(name);
    }
  }
  return std::nullopt;
}

std::optional<long> read_rss_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return std::nullopt;
}

std::optional<long> count_open_fds(int pid) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", ec);
  if (ec) return std::nullopt;
  long n = 0;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return std::nullopt;
    ++n;
  }
  return n;
}

std::optional<long> read_fd_limit(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/limits");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("Max open files", 0) != 0) continue;
    std::istringstream f(line.substr(14));
    std::string soft;
    f >> soft;
    if (soft.empty() || soft.find_first_not_of("0123456789") != std::string::npos) break;
    return std::stol(soft);
  }
  return std::nullopt;
}

std::optional<double> read_cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string all;
  if (!std::getline(in, all)) return std::nullopt;
  // The command name may hold spaces; fields are counted from after its closing parenthesis.
  const auto close = all.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream f(all.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && f >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace ringside::load
