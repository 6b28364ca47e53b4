#pragma once
// options: the load generator's command line, parsed once at start.

#include <cstdint>
#include <optional>
#include <string>

namespace ringside::load {

enum class run_mode { game, idle, echo, spectate };

struct options {
  run_mode mode = run_mode::game;
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string path = "/ws";
  int connections = 4;            // game: players (paired); idle/echo: connections
  int spectators = 0;             // game: spread over the rooms; spectate: all in one room
  double seconds = 10;            // whole run, connecting included
  double warmup = 0;              // samples before this are discarded
  double moves_per_s = 0;         // per game (echo: per pair of connections); 0 = full speed
  int rate_limit = 40;            // messages per window per connection; 0 = no pacing
  double rate_window_s = 10.5;    // a little over the server's 10 s, for clock jitter
  int threads = 1;                // io_contexts, one thread each
  int connect_concurrency = 256;  // connections between connect and welcome at once
  int frame_bytes = 0;            // echo frame size; 0 = the size of a real move message
  int server_pid = 0;             // 0 = find the process listening on --port
  std::uint64_t seed = 1;
  std::string variant = "standard";
  bool table_only = false;  // stdout gets the table instead of the JSON
  bool quiet = false;       // no progress lines
  bool verbose = false;     // every error message from the server on stderr
};

// Parses argv; on --help or an error prints to stderr and returns nothing (exit code in
// `exit_code`: 0 for help, 2 for a usage error).
std::optional<options> parse_options(int argc, char** argv, int& exit_code);

const char* to_string(run_mode m);

}  // namespace ringside::load
