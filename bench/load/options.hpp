#pragma once
// options: the load generator's command line, parsed once at start.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ringside::load {

enum class run_mode { game, idle, echo, spectate, hall };

struct options {
  run_mode mode = run_mode::game;
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string path = "/ws";
  // --path split at its commas: game k (its players and spectators) connects to paths[k % n].
  std::vector<std::string> paths;
  bool tls = false;               // wss://: TLS, the server's certificate checked
  std::string ca_file;            // ... against this PEM file instead of the system's authorities
  bool insecure = false;          // ... or not at all (a test certificate)
  bool lean = false;  // hello with "lean": no position text, the move's patch as its ack
  bool compact = false;           // hello with "compact": lean, and short patch ops
  int connections = 4;            // game/hall: players (paired); idle/echo: connections
  int spectators = 0;             // game: even spread; hall: Zipf spread; spectate: one room
  double seconds = 10;            // whole run, connecting included (hall: the hold only)
  double warmup = 0;              // samples before this are discarded
  double moves_per_s = 0;         // per game (echo: per pair of connections); 0 = full speed
  int rate_limit = 40;            // messages per window per connection; 0 = no pacing
  double rate_window_s = 10.5;    // a little over the server's 10 s, for clock jitter
  int threads = 1;                // io_contexts, one thread each
  int connect_concurrency = 256;  // connections between connect and welcome at once
  int frame_bytes = 0;            // echo frame size; 0 = the size of a real move message
  int server_pid = 0;             // 0 = find the process listening on --port
  std::uint64_t seed = 1;
  std::string game = "zertz";  // zertz | dvonn
  std::string variant = "standard";
  double think_s = 0;       // mean think time per move (exponential); 0 = none
  double zipf_s = 1.0;      // hall: spectators per room fall off as 1 / rank^zipf_s
  double ramp_s = 0;        // hall: longest wait for everyone to be in before holding
  int clock_initial_s = 0;  // 0 = untimed rooms (hall: long enough for the run)
  int clock_increment_s = 0;
  bool table_only = false;   // stdout gets the table instead of the JSON
  bool quiet = false;        // no progress lines
  bool verbose = false;      // every error message from the server on stderr
  std::string samples_file;  // every latency sample after the warm-up, for plots; "" = none
};

// Games in the run (players / 2).
inline int game_count(const options& o) {
  return o.connections / 2;
}

// Parses argv; on --help or an error prints to stderr and returns nothing (exit code in
// `exit_code`: 0 for help, 2 for a usage error).
std::optional<options> parse_options(int argc, char** argv, int& exit_code);

const char* to_string(run_mode m);

}  // namespace ringside::load
