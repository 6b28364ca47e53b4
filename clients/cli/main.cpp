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
#include "clients/cli/name_prompt.hpp"
#include "clients/cli/options.hpp"
#include "clients/cli/script_runner.hpp"
#include "clients/common/tls_client_context.hpp"
#include "clients/common/ws_url.hpp"

int main(int argc, char** argv) {
  using namespace ringside::cli;
  std::setlocale(LC_ALL, "");
  // A peer that vanishes mid-write must not kill us with SIGPIPE; the write error reconnects.
  std::signal(SIGPIPE, SIG_IGN);
  options opt = parse_options(argc, argv);
  if (opt.show_help) {
    std::cout << usage_text() << help_all_text();
    return exit_ok;
  }
  if (!opt.error.empty()) {
    std::cerr << "ringside: " << opt.error << "\n" << usage_text();
    return exit_usage;
  }
  const auto url = ringside::client::ws_url::parse(opt.server);
  if (!url) {
    std::cerr << "ringside: --server wants ws://HOST:PORT/PATH or wss://... (or the page's "
                 "http:// or https:// address), got \""
              << opt.server << "\"\n";
    return exit_usage;
  }
  if (opt.name.empty()) {
    // A script's stdin holds its commands: there is nobody to ask.
    if (opt.script) {
      std::cerr << "ringside: no name ($USER is empty): give --name NAME\n";
      return exit_usage;
    }
    const auto name = ask_name(std::cin, std::cout);
    if (!name) return exit_usage;
    opt.name = *name;
  }
  std::shared_ptr<boost::asio::ssl::context> tls;
  if (url->secure) {
    std::string why;
    tls = ringside::client::make_tls_client_context({opt.ca_file, opt.insecure}, why);
    if (!tls) {
      std::cerr << "ringside: " << why << "\n";
      return exit_usage;
    }
  } else if (opt.insecure || !opt.ca_file.empty()) {
    std::cerr << "ringside: --ca and --insecure are for wss:// servers\n";
    return exit_usage;
  }
  boost::asio::io_context io;
  if (opt.script) {
    line_reader input(io, STDIN_FILENO);
    script_runner runner(io, input, {opt.raw_json, opt.timeout});
    client_session session(io, *url, opt.name, runner, tls);
    return runner.run(session);
  }
  interactive_ui ui(io, opt.color, opt.raw_json);
  client_session session(io, *url, opt.name, ui, tls);
  return ui.run(session);
}
