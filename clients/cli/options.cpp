#include "clients/cli/options.hpp"

#include <cstdlib>
#include <string_view>

namespace ringside::cli {

options parse_options(int argc, char** argv) {
  options o;
  if (const char* user = std::getenv("USER"); user != nullptr && *user != '\0') o.name = user;
  // https://no-color.org: any non-empty value turns colour off.
  if (const char* nc = std::getenv("NO_COLOR"); nc != nullptr && *nc != '\0') o.color = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) {
        o.error = std::string(a) + " needs a value";
        return false;
      }
      out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--server")
      value(o.server);
    else if (a == "--name")
      value(o.name);
    else if (a == "--ca")
      value(o.ca_file);
    else if (a == "--insecure")
      o.insecure = true;
    else if (a == "--script")
      o.script = true;
    else if (a == "--json")
      o.raw_json = true;
    else if (a == "--no-color")
      o.color = false;
    else if (a == "--timeout" && value(v)) {
      const double s = std::strtod(v.c_str(), nullptr);
      if (s <= 0 || s > 3600)
        o.error = "--timeout wants seconds, e.g. 15";
      else
        o.timeout = std::chrono::milliseconds(static_cast<long long>(s * 1000));
    } else if (a == "--help" || a == "-h")
      o.show_help = true;
    else if (o.error.empty() && a != "--timeout")
      o.error = "unknown option " + std::string(a);
    if (!o.error.empty()) break;
  }
  if (o.name.empty()) o.name = "player";
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
         "                  certificate checked against the system's authorities\n"
         "  --ca FILE       check a wss:// server's certificate against this PEM file instead\n"
         "  --insecure      do not check a wss:// server's certificate (a test certificate)\n"
         "  --name NAME     the name others see (default $USER)\n"
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
