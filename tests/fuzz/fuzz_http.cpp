// fuzz_http: bytes a client sends on the game port before any WebSocket, given to a real
// http_session over a loopback TCP connection: the request line and target (path and query,
// %-escapes included), headers, bodies, several requests pipelined on one connection, and
// upgrades. The server's registries are real and empty. Checks beyond the sanitizers: no handler
// throws (each would be a 500 and a count in the fault log), every answer is an HTTP status
// line, and the server closes its side once the client has sent everything (no hang).
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "server/context.hpp"
#include "server/http_session.hpp"
#include "server/identity_registry.hpp"
#include "server/metrics.hpp"
#include "server/options.hpp"
#include "server/room_registry.hpp"
#include "server/session_registry.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace ringside;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  asio::io_context ioc;
  server::options opts;
  opts.http_rate_limit = 0;  // every request reaches its route
  opts.hello_timeout_s = 1;  // an upgraded connection that says nothing ends soon
  server::metrics stats;
  server::room_registry rooms(ioc, stats);
  // Passwords hashed at libsodium's least cost: a fuzz run is not about the hash.
  server::account_settings accounts;
  accounts.cost = {1, 8192};
  server::identity_registry identities(ioc, stats, nullptr, accounts);
  server::session_registry sessions(ioc);
  server::context ctx{opts, rooms, stats, sessions, identities};

  // A client that closes with a reset, and an input skipped when the loopback has no port
  // left for it: a new listener per input left ports in TIME_WAIT until connect threw (a failed
  // connect is the harness's, not the server's).
  boost::system::error_code setup;
  tcp::acceptor acceptor(ioc);
  acceptor.open(tcp::v4(), setup);
  if (!setup) acceptor.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0), setup);
  if (!setup) acceptor.listen(asio::socket_base::max_listen_connections, setup);
  if (setup) return 0;
  tcp::socket client(ioc);
  client.connect(acceptor.local_endpoint(), setup);
  if (setup) return 0;
  client.set_option(asio::socket_base::linger(true, 0), setup);
  auto accepted = acceptor.accept(asio::make_strand(ioc), setup);
  if (setup) return 0;
  std::make_shared<server::http_session>(std::move(accepted), ctx)->run();

  // The whole input at once, then the end of it: what the server answers in between, and
  // whether it then lets the connection go.
  std::string sent(reinterpret_cast<const char*>(data), size);
  std::string answer;
  bool ended = false;
  asio::async_write(client, asio::buffer(sent), [&](boost::system::error_code ec, std::size_t) {
    boost::system::error_code ignored;
    if (!ec) client.shutdown(tcp::socket::shutdown_send, ignored);
  });
  asio::async_read(client, asio::dynamic_buffer(answer),
                   [&](boost::system::error_code, std::size_t) { ended = true; });
  ioc.run_for(std::chrono::seconds(4));

  FUZZ_CHECK(stats.faults.count() == 0, "no request handler throws");
  // An HTTP/1.0 request is answered in HTTP/1.0.
  FUZZ_CHECK(
      answer.empty() || answer.rfind("HTTP/1.1 ", 0) == 0 || answer.rfind("HTTP/1.0 ", 0) == 0,
      "an answer starts with a status line");
  FUZZ_CHECK(answer.find("HTTP/1.1 500") == std::string::npos &&
                 answer.find("HTTP/1.0 500") == std::string::npos,
             "no request is answered 500");
  FUZZ_CHECK(ended, "the server lets the connection go once the client has sent everything");

  boost::system::error_code ignored;
  client.close(ignored);
  sessions.close_all();
  rooms.shutdown();
  ioc.restart();
  ioc.run_for(std::chrono::seconds(1));
  return 0;
}
