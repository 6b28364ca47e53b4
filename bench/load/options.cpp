#include "options.hpp"

#include <algorithm>
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
    case run_mode::hall:
      return "hall";
  }
  return "game";
}

std::optional<options> parse_options(int argc, char** argv, int& exit_code) {
  options o;
  std::string mode = "game";
  int port = o.port;
  int games = 0;
  po::options_description desc(
      "ringside-loadgen: drives a Ringside server (or the echo baseline) over real WebSockets\n"
      "and reports throughput, latency percentiles, errors and server memory.\n\nOptions");
  // clang-format off
  desc.add_options()
    ("help,h", "this text")
    ("mode", po::value(&mode)->default_value(mode), "game | idle | echo | spectate | hall")
    ("host", po::value(&o.host)->default_value(o.host), "server address (loopback)")
    ("port", po::value(&port)->default_value(port), "server port")
    ("path", po::value(&o.path)->default_value(o.path), "WebSocket path; a comma list deals the "
     "games over them (game k, its players and spectators, on path k mod n: e.g. a proxy's "
     "/node/<id>/ws paths, so each game stays on one node of a cluster)")
    ("tls", po::bool_switch(&o.tls), "connect with wss:// (a server started with --tls-cert)")
    ("ca", po::value(&o.ca_file), "with --tls: check the certificate against this PEM file")
    ("insecure", po::bool_switch(&o.insecure), "with --tls: do not check the certificate")
    ("lean", po::bool_switch(&o.lean), "say hello with \"lean\":true (states without the "
     "position text; a move answered by its patch, not an ack)")
    ("compact", po::bool_switch(&o.compact), "say hello with \"compact\":true (lean, and "
     "each patch op a short array)")
    ("connections,n", po::value(&o.connections)->default_value(o.connections),
     "game: player connections (paired into games); idle/echo: connections")
    ("games,g", po::value(&games), "game/hall: games (sets --connections to twice it); "
     "hall default 6000")
    ("spectators,m", po::value(&o.spectators)->default_value(o.spectators),
     "spectator connections (game: dealt evenly over rooms; hall: Zipf over rooms, "
     "default 5000; spectate: one room)")
    ("seconds,t", po::value(&o.seconds)->default_value(o.seconds),
     "run length, then stop (hall: the hold once everyone is in, default 300)")
    ("warmup", po::value(&o.warmup)->default_value(o.warmup),
     "seconds of samples to discard at the start")
    ("moves-per-s", po::value(&o.moves_per_s)->default_value(o.moves_per_s),
     "moves per second per game, a mean: gaps are exponential, games independent (echo: per "
     "pair); 0 = as fast as the rate limit allows")
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
    ("game", po::value(&o.game)->default_value(o.game), "zertz | dvonn")
    ("variant", po::value(&o.variant)->default_value(o.variant),
     "zertz: standard | blitz | tournament; dvonn: standard")
    ("think", po::value(&o.think_s),
     "mean seconds a player thinks before each move (exponential, seeded); hall default 5")
    ("zipf", po::value(&o.zipf_s)->default_value(o.zipf_s),
     "hall: room k of G gets spectators in proportion to 1 / k^zipf")
    ("ramp", po::value(&o.ramp_s),
     "hall: longest wait for every connection and game before the hold (default 240)")
    ("clock", po::value(&o.clock_initial_s),
     "seconds on each player's clock (0 = untimed); hall default: longer than the run")
    ("clock-increment", po::value(&o.clock_increment_s)->default_value(o.clock_increment_s),
     "seconds added to a clock per move")
    ("table", po::bool_switch(&o.table_only), "print the readable table on stdout, no JSON")
    ("quiet,q", po::bool_switch(&o.quiet), "no progress lines on stderr")
    ("verbose,v", po::bool_switch(&o.verbose), "print every error the server sends")
    ("samples", po::value(&o.samples_file),
     "write every latency sample after the warm-up here (lines: kind microseconds)");
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
  else if (mode == "hall")
    o.mode = run_mode::hall;
  else
    return bad("--mode must be game, idle, echo, spectate or hall");
  if (o.mode == run_mode::hall) {
    // A hall's defaults are the target load: 6,000 games at human pace, 5,000 spectators, 5 min.
    if (!vm.count("games") && vm["connections"].defaulted()) games = 6000;
    if (vm["spectators"].defaulted()) o.spectators = 5000;
    if (vm["seconds"].defaulted()) o.seconds = 300;
    if (!vm.count("think")) o.think_s = 5;
    if (!vm.count("ramp")) o.ramp_s = 240;
    // Nobody may flag: a player's clock runs only on its turn, so the whole run is enough.
    if (!vm.count("clock")) o.clock_initial_s = static_cast<int>(o.ramp_s + o.seconds) + 60;
  }
  if (games < 0) return bad("--games must not be negative");
  if (games > 0) o.connections = 2 * games;
  // Which games there are is the server's to say (GET /api/games): it refuses any other.
  if (o.game.empty()) return bad("--game must name a game, e.g. zertz or dvonn");
  if (o.think_s < 0 || o.zipf_s < 0 || o.ramp_s < 0) return bad("negative --think/--zipf/--ramp");
  if (o.clock_initial_s < 0 || o.clock_initial_s > 86400 || o.clock_increment_s < 0 ||
      o.clock_increment_s > 3600)
    return bad("--clock must be 0..86400 and --clock-increment 0..3600");
  if (port < 1 || port > 65535) return bad("--port must be 1..65535");
  for (std::size_t at = 0; at <= o.path.size();) {
    const auto comma = std::min(o.path.find(',', at), o.path.size());
    o.paths.push_back(o.path.substr(at, comma - at));
    if (o.paths.back().empty() || o.paths.back()[0] != '/')
      return bad("--path: each path must start with /");
    at = comma + 1;
  }
  o.port = static_cast<std::uint16_t>(port);
  if (o.connections < 0 || o.spectators < 0) return bad("counts must not be negative");
  if (o.mode == run_mode::spectate) o.connections = 2;
  if ((o.mode == run_mode::game || o.mode == run_mode::hall) && o.connections % 2 != 0)
    return bad("game and hall modes need an even --connections");
  if (o.seconds <= 0 || o.seconds > 3600) return bad("--seconds must be in (0, 3600]");
  if (o.threads < 1 || o.threads > 64) return bad("--threads must be 1..64");
  if (o.connect_concurrency < 1) return bad("--connect-concurrency must be positive");
  if (o.rate_limit < 0 || o.rate_window_s <= 0) return bad("bad rate limit");
  return o;
}

}  // namespace ringside::load
