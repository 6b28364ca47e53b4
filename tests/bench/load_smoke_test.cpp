// Smoke runs of ringside-loadgen against real servers on free loopback ports: a few seconds
// each, so the load tools keep working; the figures themselves come from bench/load/run-all.

#include <doctest/doctest.h>

#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "child_process.hpp"

using ringside::test::child_process;
using ringside::test::wait_for_listening;
using namespace std::chrono_literals;
using json = nlohmann::json;

namespace {

// A fresh journal directory per server, removed when the test case ends.
struct temp_dir {
  std::string path;
  temp_dir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "ringside-load-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) != nullptr) path = tmpl;
  }
  ~temp_dir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
};

// Runs the load generator to completion and returns its JSON report (null if it printed none).
json run_loadgen(std::vector<std::string> args) {
  args.insert(args.begin(), RINGSIDE_LOADGEN);
  args.push_back("--quiet");
  child_process gen(args);
  const std::string out = gen.read_all(60s);
  const auto status = gen.wait(10s);
  REQUIRE(status.has_value());
  CHECK(*status == 0);
  const auto line_end = out.find('\n');
  return json::parse(out.substr(0, line_end), nullptr, false);
}

}  // namespace

TEST_CASE("loadgen plays real games with spectators against ringside-server") {
  temp_dir data;
  REQUIRE(!data.path.empty());
  child_process server({RINGSIDE_SERVER, "--host", "127.0.0.1", "--port", "0", "--threads", "1",
                        "--log-level", "warn", "--data", data.path, "--connections-per-address",
                        "0", "--tcp-connections-per-address", "0", "--address-rate-limit", "0",
                        "--identities-per-address", "0"});
  const int port = wait_for_listening(server, 15s);
  REQUIRE(port > 0);

  temp_dir plots;
  REQUIRE(!plots.path.empty());
  const std::string samples = plots.path + "/samples.txt";
  const json r = run_loadgen({"--mode", "game", "--port", std::to_string(port), "--connections",
                              "4", "--spectators", "2", "--seconds", "3", "--samples", samples});
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  // The raw samples behind the percentiles, one line each, for run-all's distribution plots.
  std::map<std::string, long> lines;
  std::ifstream in(samples);
  std::string kind;
  long us = -1;
  while (in >> kind >> us) {
    ++lines[kind];
    CHECK(us >= 0);
  }
  CHECK(lines["move_ack"] == r["latency_ms"]["move_ack"]["count"].get<long>());
  CHECK(lines["spectator_patch"] == r["latency_ms"]["spectator_patch"]["count"].get<long>());
  // Both directions are counted: every move is at least one frame from a player.
  CHECK(r["bytes_per_move"]["players_sent_frames"].get<double>() >= 1.0);
  CHECK(r["bytes_per_move"]["players_sent"].get<double>() > 30.0);
  CHECK(r["connections"]["opened"] == 6);
  CHECK(r["connections"]["held_end"] == 6);
  CHECK(r["games"]["started"].get<long>() >= 2);
  const long acked = r["moves"]["acked"].get<long>();
  CHECK(acked > 0);
  CHECK(r["moves"]["sent"].get<long>() >= acked);
  CHECK(r["latency_ms"]["move_ack"]["count"].get<long>() > 0);
  CHECK(r["latency_ms"]["move_ack"]["p50_ms"].get<double>() > 0);
  CHECK(r["latency_ms"]["spectator_patch"]["count"].get<long>() > 0);
  CHECK(r["latency_ms"]["last_spectator_patch"]["count"].get<long>() > 0);
  // Both spectators got in before the end, and the rate once playing leaves out the wait.
  REQUIRE(r["spectators_all_in_s"].is_number());
  CHECK(r["spectators_all_in_s"].get<double>() <= r["duration_s"].get<double>());
  CHECK(r["moves"]["per_s_playing"].get<double>() >= r["moves"]["per_s"].get<double>());
  // Paced under the server's limit and choosing moves from the server's own state, an honest
  // client should never be refused: any error code here is a bug on one side or the other.
  CHECK(r["error_total"] == 0);
  CHECK(r["errors"].empty());
  CHECK(r["server_rss"]["pid"] == server.pid());
  CHECK(r["server_rss"]["peak_kib"].get<long>() > 0);
}

// Every traffic a client may ask for at hello: lean and compact moves are answered by their
// patch, which may come after the game ended for the table.
TEST_CASE("loadgen counts every game's last move as acked, whoever reads the end first") {
  for (const std::string traffic : {"", "--lean", "--compact"}) {
    CAPTURE(traffic);
    temp_dir data;
    REQUIRE(!data.path.empty());
    child_process server({RINGSIDE_SERVER,
                          "--host",
                          "127.0.0.1",
                          "--port",
                          "0",
                          "--threads",
                          "1",
                          "--log-level",
                          "warn",
                          "--data",
                          data.path,
                          "--rate-limit",
                          "100000",
                          "--connections-per-address",
                          "0",
                          "--tcp-connections-per-address",
                          "0",
                          "--address-rate-limit",
                          "0",
                          "--identities-per-address",
                          "0",
                          "--waiting-rooms-per-address",
                          "0",
                          "--rooms-per-address-per-day",
                          "0"});
    const int port = wait_for_listening(server, 15s);
    REQUIRE(port > 0);
    // Unpaced, so several games end within the run.
    std::vector<std::string> args{"--mode",        "game", "--port",       std::to_string(port),
                                  "--connections", "4",    "--rate-limit", "0",
                                  "--seconds",     "4"};
    if (!traffic.empty()) args.push_back(traffic);
    const json r = run_loadgen(args);
    REQUIRE(r.is_object());
    INFO(r.dump(2));
    // Both tables go on to further games: a mover that missed its last answer would wait forever.
    REQUIRE(r["games"]["finished"].get<long>() >= 4);
    CHECK(r["error_total"] == 0);
    // Only a move in flight when the run stopped may go unanswered: one per player at most.
    const long unanswered = r["moves"]["sent"].get<long>() - r["moves"]["acked"].get<long>();
    CHECK(unanswered >= 0);
    CHECK(unanswered <= 4);
  }
}

TEST_CASE("loadgen plays DVONN from the state's legal list, watched") {
  temp_dir data;
  REQUIRE(!data.path.empty());
  child_process server({RINGSIDE_SERVER, "--host", "127.0.0.1", "--port", "0", "--threads", "1",
                        "--log-level", "warn", "--data", data.path, "--connections-per-address",
                        "0", "--tcp-connections-per-address", "0", "--address-rate-limit", "0",
                        "--identities-per-address", "0"});
  const int port = wait_for_listening(server, 15s);
  REQUIRE(port > 0);

  const json r = run_loadgen({"--mode", "game", "--game", "dvonn", "--port", std::to_string(port),
                              "--connections", "4", "--spectators", "2", "--seconds", "3"});
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  CHECK(r["config"]["game"] == "dvonn");
  CHECK(r["connections"]["held_end"] == 6);
  CHECK(r["games"]["started"].get<long>() >= 2);
  // Every move came from `legal`, so the server refused none of them.
  CHECK(r["moves"]["acked"].get<long>() > 0);
  CHECK(r["latency_ms"]["spectator_patch"]["count"].get<long>() > 0);
  CHECK(r["error_total"] == 0);
}

TEST_CASE("loadgen hall: games at a thinking pace with clocks and a crowd, held") {
  temp_dir data;
  REQUIRE(!data.path.empty());
  child_process server({RINGSIDE_SERVER, "--host", "127.0.0.1", "--port", "0", "--threads", "1",
                        "--log-level", "warn", "--data", data.path, "--connections-per-address",
                        "0", "--tcp-connections-per-address", "0", "--address-rate-limit", "0",
                        "--identities-per-address", "0"});
  const int port = wait_for_listening(server, 15s);
  REQUIRE(port > 0);

  const json r =
      run_loadgen({"--mode", "hall", "--port", std::to_string(port), "--games", "6", "--spectators",
                   "10", "--seconds", "3", "--think", "0.2", "--ramp", "20"});
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  const auto& h = r["hall"];
  CHECK(h["ramp_complete"] == true);
  CHECK(h["connections"] == 22);
  CHECK(r["connections"]["held_end"] == 22);
  CHECK(r["games"]["started"].get<long>() >= 6);
  // The measured part is the hold, after everyone was in.
  CHECK(h["hold_s"].get<double>() >= 2.9);
  CHECK(r["measured_s"].get<double>() >= 2.9);
  // Twelve players thinking 0.2 s on average make a few dozen moves in 3 s; far fewer than
  // the 7 per second per game that pacing alone would allow.
  const long acked = r["moves"]["acked"].get<long>();
  CHECK(acked > 6);
  CHECK(r["moves"]["per_s"].get<double>() < 6 * 7.0 * 0.8);
  CHECK(r["latency_ms"]["move_ack"]["count"].get<long>() > 0);
  CHECK(r["latency_ms"]["spectator_patch"]["count"].get<long>() > 0);
  CHECK(r["latency_ms"]["spectator_patch"]["max_ms"].get<double>() >=
        r["latency_ms"]["spectator_patch"]["p99_ms"].get<double>());
  // Clocks on and long enough for the whole run: nobody may lose on time.
  CHECK(r["config"]["clock_initial_s"].get<double>() > 20 + 3);
  const auto& rooms = h["rooms_by_spectators"];
  CHECK(rooms["0"].get<int>() + rooms["1"].get<int>() + rooms["2-9"].get<int>() +
            rooms["10-99"].get<int>() + rooms["100+"].get<int>() ==
        6);
  CHECK(r["dropped"]["total"] == 0);
  CHECK(r["error_total"] == 0);
  CHECK(r["server_rss"]["pid"] == server.pid());
  CHECK(r["server_rss"]["per_game_kib"].get<double>() > 0);
  // One descriptor per connection in the server, plus its own few.
  CHECK(r["fds"]["server_peak"].get<long>() >= 22);
  CHECK(r["fds"]["server_limit"].get<long>() > 0);
  CHECK(r["fds"]["server_headroom"].get<long>() ==
        r["fds"]["server_limit"].get<long>() - r["fds"]["server_peak"].get<long>());
}

TEST_CASE("loadgen holds idle connections and measures the server's memory") {
  temp_dir data;
  REQUIRE(!data.path.empty());
  child_process server({RINGSIDE_SERVER, "--host", "127.0.0.1", "--port", "0", "--threads", "1",
                        "--log-level", "warn", "--data", data.path, "--connections-per-address",
                        "0", "--tcp-connections-per-address", "0", "--address-rate-limit", "0",
                        "--identities-per-address", "0"});
  const int port = wait_for_listening(server, 15s);
  REQUIRE(port > 0);

  const json r = run_loadgen(
      {"--mode", "idle", "--port", std::to_string(port), "--connections", "50", "--seconds", "2"});
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  CHECK(r["connections"]["held_end"] == 50);
  CHECK(r["error_total"] == 0);
  CHECK(r["server_rss"]["pid"] == server.pid());
  CHECK(r["server_rss"]["peak_kib"].get<long>() >= r["server_rss"]["start_kib"].get<long>());
}

TEST_CASE("loadgen echo mode times round trips through the echo baseline") {
  child_process echo({RINGSIDE_ECHO_SERVER, "--port", "0", "--threads", "1"});
  const int port = wait_for_listening(echo, 15s);
  REQUIRE(port > 0);

  const json r = run_loadgen({"--mode", "echo", "--port", std::to_string(port), "--connections",
                              "4", "--seconds", "2", "--frame-bytes", "120"});
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  CHECK(r["connections"]["opened"] == 4);
  CHECK(r["echo"]["round_trips"].get<long>() > 0);
  CHECK(r["latency_ms"]["echo_rtt"]["count"].get<long>() > 0);
  CHECK(r["latency_ms"]["echo_rtt"]["max_ms"].get<double>() >=
        r["latency_ms"]["echo_rtt"]["p50_ms"].get<double>());
  CHECK(r["error_total"] == 0);
  CHECK(r["server_rss"]["pid"] == echo.pid());
}

TEST_CASE("loadgen --path deals games over a list of paths: game k on path k mod n") {
  temp_dir data;
  REQUIRE(!data.path.empty());
  child_process server({RINGSIDE_SERVER, "--host", "127.0.0.1", "--port", "0", "--threads", "1",
                        "--log-level", "warn", "--data", data.path, "--connections-per-address",
                        "0", "--tcp-connections-per-address", "0", "--address-rate-limit", "0",
                        "--identities-per-address", "0"});
  const int port = wait_for_listening(server, 15s);
  REQUIRE(port > 0);
  // The server speaks WebSocket on /ws only: the odd games' connections, sent to /elsewhere,
  // are refused, and the even games' play.
  std::vector<std::string> args{
      RINGSIDE_LOADGEN, "--mode", "game",      "--port", std::to_string(port),
      "--connections",  "8",      "--seconds", "2",      "--path",
      "/ws,/elsewhere", "--quiet"};
  child_process gen(args);
  const std::string out = gen.read_all(60s);
  REQUIRE(gen.wait(10s).has_value());
  const json r = json::parse(out.substr(0, out.find('\n')), nullptr, false);
  REQUIRE(r.is_object());
  INFO(r.dump(2));
  CHECK(r["connections"]["opened"] == 4);
  CHECK(r["moves"]["acked"].get<long>() > 0);

  child_process bad({RINGSIDE_LOADGEN, "--port", std::to_string(port), "--path", "/ws,ws"});
  bad.read_all(10s);
  const auto status = bad.wait(10s);
  REQUIRE(status.has_value());
  CHECK(*status == 2);
}
