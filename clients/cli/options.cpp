#include "clients/cli/options.hpp"

#include <cstdlib>

#include "common/command_line.hpp"
#include "common/parse_number.hpp"

namespace ringside::cli {

namespace po = boost::program_options;

namespace {

constexpr double max_timeout_s = 3600;

// Reads the flags into `o`; returns what is wrong with them, or "" when nothing is.
std::string read_flags(int argc, char** argv, options& o) {
  std::string timeout;
  // The help text is usage_text(), written by hand; this only says what each flag takes.
  po::options_description flags;
  flags.add_options()("help,h", "")("server", po::value(&o.server))("name", po::value(&o.name))(
      "ca", po::value(&o.ca_file))("insecure", po::bool_switch(&o.insecure))(
      "script", po::bool_switch(&o.script))("json", po::bool_switch(&o.raw_json))("no-color", "")(
      "timeout", po::value(&timeout));
  po::variables_map vm;
  try {
    vm = read_command_line(flags, argc, argv);
  } catch (const po::unknown_option& e) {
    return "unknown option " + e.get_option_name();
  } catch (const po::error& e) {
    return e.what();
  }
  o.show_help = vm.count("help") != 0;
  if (vm.count("no-color") != 0) o.color = false;
  if (vm.count("timeout") != 0) {
    const auto s = parse_number<double>(timeout);
    if (!s || *s <= 0 || *s > max_timeout_s) {
      return "--timeout wants seconds, more than 0 and at most 3600 (e.g. 15), not '" + timeout +
             "'";
    }
    o.timeout = std::chrono::milliseconds(static_cast<long long>(*s * 1000));
  }
  return "";
}

}  // namespace

options parse_options(int argc, char** argv) {
  options o;
  if (const char* user = std::getenv("USER"); user != nullptr && *user != '\0') o.name = user;
  // https://no-color.org: any non-empty value turns colour off.
  if (const char* nc = std::getenv("NO_COLOR"); nc != nullptr && *nc != '\0') o.color = false;
  o.error = read_flags(argc, argv, o);
  if (o.name.size() > 24) o.name.resize(24);
  if (o.script) o.color = false;
  return o;
}
std::string usage_text() {
  return "usage: ringside [--server ws[s]://HOST:PORT/ws] [--name NAME] [--no-color]\n"
         "       ringside --script [--json] [--timeout SECONDS] [--server ...] [--name NAME] < "
         "commands\n"
         "\n"
         "Plays and watches ZERTZ and DVONN on a Ringside server from the terminal. The identity\n"
         "token is kept in $XDG_CONFIG_HOME/ringside/ (or ~/.config/ringside/), one file per\n"
         "server, so a restart or a dropped connection gets the same player and seats back.\n"
         "\n"
         "  --server URL    the server's WebSocket address (default ws://127.0.0.1:8080/ws;\n"
         "                  without a path, /ws); wss:// is WebSocket over TLS, the server's\n"
         "                  certificate checked against the system's authorities; the page's\n"
         "                  address works too (http:// as ws://, https:// as wss://)\n"
         "  --ca FILE       check a wss:// server's certificate against this PEM file instead\n"
         "  --insecure      do not check a wss:// server's certificate (a test certificate)\n"
         "  --name NAME     the name others see (default $USER; asked for when both are empty)\n"
         "  --no-color      plain text (also when NO_COLOR is set)\n"
         "  --script        read commands from stdin, print one line per event, exit 1 on the\n"
         "                  first unexpected error, 3 on a timeout\n"
         "  --json          print the server's messages as raw JSON\n"
         "  --timeout S     how long a script command may wait (default 15)\n"
         "\n"
         "A client that cannot reach the server the first time says why and exits with 4;\n"
         "once it has been connected it reconnects on its own.\n"
         "\n";
}

}  // namespace ringside::cli
