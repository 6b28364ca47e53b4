#pragma once
// postgres_cluster: one real PostgreSQL server for a test process, started on first use in a
// temporary directory as the `postgres` user (PostgreSQL refuses to run as root) on a free
// loopback port, and removed when the process exits. Each test case takes a fresh database
// of its own (create_database), which costs a few milliseconds instead of an initdb's
// seconds.
//
// Nothing is skipped: without PostgreSQL's binaries the test fails and says what to install.

#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace ringside::test_support {

class postgres_cluster {
 public:
  // The process's cluster, started on first use.
  static postgres_cluster& shared() {
    static postgres_cluster cluster;
    REQUIRE_MESSAGE(cluster.error_.empty(), cluster.error_);
    return cluster;
  }

  postgres_cluster(const postgres_cluster&) = delete;
  postgres_cluster& operator=(const postgres_cluster&) = delete;
  ~postgres_cluster() { stop(); }

  int port() const { return port_; }
  std::string url(const std::string& database) const {
    return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + database;
  }

  // A new empty database with a name no other test case of this process uses.
  std::string create_database() {
    const std::string name =
        "test_" + std::to_string(::getpid()) + "_" + std::to_string(++databases_);
    const auto out = psql("postgres", "CREATE DATABASE " + name);
    REQUIRE_MESSAGE(out.has_value(), "cannot create database " << name);
    return name;
  }

  // A new empty schema of the `postgres` database, with a name no other caller of this
  // process uses, and the URL of a store kept in it (libpq's `options` sets the connection's
  // search_path, so the server's tables land there). A schema costs a few milliseconds where a
  // database costs the copy of a template and a cold catalog cache in the server, about a
  // second on a loaded machine: the tests that start a server per case use schemas.
  std::string create_schema() {
    const std::string name =
        "server_" + std::to_string(::getpid()) + "_" + std::to_string(++schemas_);
    const auto out = psql("postgres", "CREATE SCHEMA " + name);
    REQUIRE_MESSAGE(out.has_value(), "cannot create schema " << name);
    return name;
  }
  std::string url_in_schema(const std::string& schema) const {
    return url("postgres") + "?options=-csearch_path%3D" + schema;
  }

  // The first column of the first row `sql` gives on `database` ("<no row>" when none,
  // "<null>" for NULL), read with psql, a connection apart from the server's.
  std::string query_one(const std::string& database, const std::string& sql) {
    auto out = psql(database, sql);
    REQUIRE_MESSAGE(out.has_value(), "psql failed on: " << sql);
    if (out->empty()) return "<no row>";
    auto line = out->substr(0, out->find('\n'));
    // -A prints a lone row's columns joined by '|'; keep the first.
    line = line.substr(0, line.find('|'));
    return line == "\\N" ? "<null>" : line;
  }

  // Stops the server at once (as a crash would) or starts it again on the same port: what
  // the store's users see while PostgreSQL is down.
  bool stop_now() { return pg_ctl("-m immediate stop"); }
  bool start() {
    return pg_ctl("-o \"-p " + std::to_string(port_) + " -k " + dir_.string() +
                  " -c listen_addresses=127.0.0.1 -c fsync=off\" -l " + (dir_ / "log").string() +
                  " -w start");
  }

 private:
  postgres_cluster() {
    bin_ = find_bin();
    if (bin_.empty()) {
      error_ =
          "PostgreSQL's server binaries are missing (no /usr/lib/postgresql/*/bin/initdb): "
          "install the `postgresql` package (scripts/packages-test.txt)";
      return;
    }
    std::string tmpl = (std::filesystem::temp_directory_path() / "ringside-pg-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
      error_ = "cannot make a temporary directory for PostgreSQL";
      return;
    }
    dir_ = tmpl;
    port_ = free_port();
    // The data directory's owner must be the server's user; the log beside it too.
    if (!run("chown postgres " + dir_.string()) ||
        !run("runuser -u postgres -- " + (bin_ / "initdb").string() + " -D " +
             (dir_ / "pg").string() + " -A trust -U postgres --no-sync > " +
             (dir_ / "initdb.log").string() + " 2>&1")) {
      error_ = "initdb failed (see " + (dir_ / "initdb.log").string() + ")";
      return;
    }
    // fsync=off: test databases need no crash safety, and CI's time is short. Commits still
    // wait for the server (synchronous_commit is on).
    if (!start()) error_ = "PostgreSQL did not start (see " + (dir_ / "log").string() + ")";
    started_ = error_.empty();
  }

  void stop() {
    if (started_) pg_ctl("-m immediate stop");
    started_ = false;
    if (!dir_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(dir_, ec);
    }
  }

  static std::filesystem::path find_bin() {
    std::filesystem::path best;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
      const auto bin = e.path() / "bin";
      if (std::filesystem::exists(bin / "initdb") && bin > best) best = bin;
    }
    return best;
  }

  static int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
  }

  static bool run(const std::string& command) { return std::system(command.c_str()) == 0; }

  bool pg_ctl(const std::string& args) {
    return run("runuser -u postgres -- " + (bin_ / "pg_ctl").string() + " -D " +
               (dir_ / "pg").string() + " " + args + " > /dev/null 2>&1");
  }

  std::optional<std::string> psql(const std::string& database, const std::string& sql) {
    const auto file = dir_ / ("query-" + std::to_string(++queries_) + ".sql");
    if (FILE* f = std::fopen(file.c_str(), "w")) {
      std::fputs(sql.c_str(), f);
      std::fclose(f);
    } else {
      return std::nullopt;
    }
    const std::string command = (bin_ / "psql").string() +
                                " -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p " +
                                std::to_string(port_) + " -U postgres -d " + database +
                                " -P null='\\N' -f " + file.string() + " 2>&1";
    FILE* p = ::popen(command.c_str(), "r");
    if (p == nullptr) return std::nullopt;
    std::string out;
    std::array<char, 4096> buf{};
    while (std::fgets(buf.data(), static_cast<int>(buf.size()), p) != nullptr) out += buf.data();
    const int rc = ::pclose(p);
    std::error_code ec;
    std::filesystem::remove(file, ec);
    if (rc != 0) {
      MESSAGE("psql: " << out);
      return std::nullopt;
    }
    return out;
  }

  std::filesystem::path bin_;
  std::filesystem::path dir_;
  int port_ = 0;
  bool started_ = false;
  std::string error_;
  int databases_ = 0;
  int schemas_ = 0;
  int queries_ = 0;
};

}  // namespace ringside::test_support
