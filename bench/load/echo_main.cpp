// ringside-echo-server: the baseline for the game layer's cost. A Beast WebSocket server with
// the same threads and settings as ringside-server that echoes every frame.

#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/program_options.hpp>
#include <iostream>
#include <thread>
#include <vector>

#include "echo_listener.hpp"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  int port = 0;
  int threads = 2;
  po::options_description desc("ringside-echo-server: WebSocket echo baseline\n\nOptions");
  desc.add_options()("help,h", "this text")("host", po::value(&host)->default_value(host),
                                            "address to bind")(
      "port", po::value(&port)->default_value(port), "port (0 = a free port)")(
      "threads", po::value(&threads)->default_value(threads), "I/O threads");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ringside-echo-server: " << e.what() << "\n" << desc << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  if (port < 0 || port > 65535 || threads < 1 || threads > 64) {
    std::cerr << "ringside-echo-server: --port 0..65535, --threads 1..64\n";
    return 2;
  }
  // As many connections as the hard limit allows, like the server under load.
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
  try {
    boost::asio::io_context ioc(threads);
    const boost::asio::ip::tcp::endpoint ep(boost::asio::ip::make_address(host),
                                            static_cast<unsigned short>(port));
    auto listener = std::make_shared<ringside::load::echo_listener>(ioc, ep);
    listener->run();
    const auto bound = listener->local_endpoint();
    std::cout << "listening on " << bound.address().to_string() << ":" << bound.port() << std::endl;
    boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) { ioc.stop(); });
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&] { ioc.run(); });
    ioc.run();
    for (auto& t : pool) t.join();
  } catch (const std::exception& e) {
    std::cerr << "ringside-echo-server: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
