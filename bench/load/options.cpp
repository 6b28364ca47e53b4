#include "options.hpp"

#include <boost/program_options.hpp>
#include <iostream>

namespace ringside::load {

namespace po = boost::program_options;

const char* to_string(run_mode m) {
  switch (m) {
    case run_mode::game:
      return "game";
    case run_mode::idle:
      return "idle";
    case run_mode::echo:
      return "echo";
    case run_mode::spectate:
      return "spectate";
  }
  return "game";
}

std::optional<options> parse_options(int argc, char** argv, int& exit_code) {
  options o;
  std::string mode = "game";
  int port = o.port;
  po::options_description desc(
      "ringside-loadgen: drives a Ringside server (or the echo baseline) over real WebSockets\n"
      "and reports throughput, latency percentiles, errors and server memory.\n\nOptions");
  // clang-format off
  desc.add_options()
    ("help,h", "this text")
    ("mode", po::value(&mode)->default_value(mode), "game | idle | echo | spectate")
    ("host", po::value(&o.host)->default_value(o.host), "server address (loopback)")
    ("port", po::value(&port)->default_value(port), "server port")
    ("path", po::value(&o.path)->default_value(o.path), "WebSocket path")
    ("connections,n", po::value(&o.connections)->default_value(o.connections),
     "game: player connections (paired into games); idle/echo: connections")
    ("spectators,m", po::value(&o.spectators)->default_value(o.spectators),
     "spectator connections (game: spread over rooms; spectate: one room)")
    ("seconds,t", po::value(&o.seconds)->default_value(o.seconds), "run length, then stop")
    ("warmup", po::value(&o.warmup)->default_value(o.warmup),
     "seconds of samples to discard at the start")
    ("moves-per-s", po::value(&o.moves_per_s)->default_value(o.moves_per_s),
     "moves per second per game (echo: per pair); 0 = as fast as the rate limit allows")
    ("rate-limit", po::value(&o.rate_limit)->default_value(o.rate_limit),
     "messages per window per connection, as the server enforces; 0 = off")
    ("rate-window", po::value(&o.rate_window_s)->default_value(o.rate_window_s),
     "the rate limit's window in seconds")
    ("threads", po::value(&o.threads)->default_value(o.threads), "client I/O threads")
    ("connect-concurrency", po::value(&o.connect_concurrency)
       ->default_value(o.connect_concurrency), "connections being opened at once")
    ("frame-bytes", po::value(&o.frame_bytes)->default_value(o.frame_bytes),
     "echo frame size (0 = a real move message's size)")
    ("server-pid", po::value(&o.server_pid)->default_value(o.server_pid),
     "server process for RSS (0 = the one listening on --port)")
    ("seed", po::value(&o.seed)->default_value(o.seed), "random seed for move choice")
    ("variant", po::value(&o.variant)->default_value(o.variant), "standard | blitz | tournament")
    ("table", po::bool_switch(&o.table_only), "print the readable table on stdout, no JSON")
    ("quiet,q", po::bool_switch(&o.quiet), "no progress lines on stderr")
    ("verbose,v", po::bool_switch(&o.verbose), "print every error the server sends");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ringside-loadgen: " << e.what() << "\n" << desc << "\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (vm.count("help")) {
    std::cerr << desc << "\n";
    exit_code = 0;
    return std::nullopt;
  }
  const auto bad = [&](const char* why) {
    std::cerr << "ringside-loadgen: " << why << "\n";
    exit_code = 2;
    return std::nullopt;
  };
  if (mode == "game")
    o.mode = run_mode::game;
  else if (mode == "idle")
    o.mode = run_mode::idle;
  else if (mode == "echo")
    o.mode = run_mode::echo;
  else if (mode == "spectate")
    o.mode = run_mode::spectate;
  else
    return bad("--mode must be game, idle, echo or spectate");
  if (port < 1 || port > 65535) return bad("--port must be 1..65535");
  o.port = static_cast<std::uint16_t>(port);
  if (o.connections < 0 || o.spectators < 0) return bad("counts must not be negative");
  if (o.mode == run_mode::spectate) o.connections = 2;
  if (o.mode == run_mode::game && o.connections % 2 != 0)
    return bad("game mode needs an even --connections");
  if (o.seconds <= 0 || o.seconds > 3600) return bad("--seconds must be in (0, 3600]");
  if (o.threads < 1 || o.threads > 64) return bad("--threads must be 1..64");
  if (o.connect_concurrency < 1) return bad("--connect-concurrency must be positive");
  if (o.rate_limit < 0 || o.rate_window_s <= 0) return bad("bad rate limit");
  return o;
}

}  // namespace ringside::load
