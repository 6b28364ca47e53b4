// ringside — the terminal client: play and watch ZÈRTZ on a Ringside server, interactively
// (readline) or from a script (--script).

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <clocale>
#include <csignal>
#include <iostream>

#include "clients/cli/client_session.hpp"
#include "clients/cli/interactive_ui.hpp"
#include "clients/cli/line_reader.hpp"
#include "clients/cli/options.hpp"
#include "clients/cli/script_runner.hpp"
#include "clients/common/ws_url.hpp"

int main(int argc, char** argv) {
  using namespace ringside::cli;
  std::setlocale(LC_ALL, "");
  // A peer that vanishes mid-write must not kill us with SIGPIPE; the write error reconnects.
  std::signal(SIGPIPE, SIG_IGN);
  const options opt = parse_options(argc, argv);
  if (opt.show_help) {
    std::cout << usage_text() << help_text();
    return exit_ok;
  }
  if (!opt.error.empty()) {
    std::cerr << "ringside: " << opt.error << "\n" << usage_text();
    return exit_usage;
  }
  const auto url = ringside::client::ws_url::parse(opt.server);
  if (!url) {
    std::cerr << "ringside: --server wants ws://HOST:PORT/PATH, got \"" << opt.server << "\"\n";
    return exit_usage;
  }
  boost::asio::io_context io;
  if (opt.script) {
    line_reader input(io, STDIN_FILENO);
    script_runner runner(io, input, {opt.raw_json, opt.timeout});
    client_session session(io, *url, opt.name, runner);
    return runner.run(session);
  }
  interactive_ui ui(io, opt.color, opt.raw_json);
  client_session session(io, *url, opt.name, ui);
  return ui.run(session);
}
