// The shared WebSocket connection against a real server: frames queued before the handshake
// go first, replies come back in order, shut() silences it; and each way a connection can end
// (nothing listening, a wrong path, the server closing) is told apart.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "clients/common/ws_connection.hpp"
#include "support/server_process.hpp"

using namespace ringside;
using client::ws_close_info;
using client::ws_connection;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

// One connection and what happened to it, run on its own io_context.
struct probe {
  boost::asio::io_context io;
  std::shared_ptr<ws_connection> conn;
  bool opened = false;
  std::vector<json> messages;
  std::optional<ws_close_info> closed;
  std::size_t stop_after = 0;  // messages wanted before the run stops

  explicit probe(std::uint16_t port, std::string path = "/ws") {
    ws_connection::handlers h;
    h.on_open = [this] { opened = true; };
    h.on_message = [this](std::string_view text) {
      messages.push_back(json::parse(text));
      if (messages.size() >= stop_after) io.stop();
    };
    h.on_close = [this](const ws_close_info& info) {
      closed = info;
      io.stop();
    };
    conn = std::make_shared<ws_connection>(
        io, client::ws_url{"127.0.0.1", std::to_string(port), std::move(path)},
        client::ws_options{}, std::move(h));
  }
  void run(std::size_t messages_wanted) {
    stop_after = messages_wanted;
    io.restart();
    io.run_for(5s);
  }
};

// A loopback port with nothing listening: bound once, then released.
std::uint16_t closed_port() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor a(
      io, {boost::asio::ip::make_address("127.0.0.1"), static_cast<std::uint16_t>(0)});
  return a.local_endpoint().port();
}

}  // namespace

TEST_CASE("frames queued before the handshake go out first, and replies arrive in order") {
  test::server_process srv;
  probe p(srv.port());
  p.conn->send(json{{"type", "hello"}, {"name", "core"}, {"id", 1}}.dump());
  p.conn->send(json{{"type", "list_rooms"}, {"id", 2}}.dump());
  p.conn->start();
  p.run(2);
  CHECK(p.opened);
  CHECK(p.conn->is_open());
  REQUIRE(p.messages.size() == 2);
  CHECK(p.messages[0].at("type") == "welcome");
  CHECK(p.messages[1].at("type") == "rooms");
  CHECK(p.messages[1].at("re") == 2);
  CHECK_FALSE(p.closed);

  // After shut() nothing fires, not even the close.
  p.conn->send(json{{"type", "list_rooms"}, {"id", 3}}.dump());
  p.conn->shut();
  CHECK_FALSE(p.conn->is_open());
  p.run(3);
  CHECK(p.messages.size() == 2);
  CHECK_FALSE(p.closed);
}

TEST_CASE("nothing listening: a connect failure, never opened") {
  probe p(closed_port());
  p.conn->start();
  p.run(1);
  CHECK_FALSE(p.opened);
  REQUIRE(p.closed);
  CHECK(p.closed->stage == "connect");
  CHECK_FALSE(p.closed->was_open);
  CHECK(p.closed->tag() == "connect");
  CHECK(p.closed->describe().find("connect: ") == 0);
}

TEST_CASE("a wrong path: the declined upgrade's HTTP status is reported") {
  test::server_process srv;
  probe p(srv.port(), "/nowhere");
  p.conn->start();
  p.run(1);
  CHECK_FALSE(p.opened);
  REQUIRE(p.closed);
  CHECK(p.closed->stage == "handshake");
  CHECK(p.closed->http_status == 404);
  CHECK(p.closed->describe().find("HTTP 404") != std::string::npos);
}

TEST_CASE("the server's close code and the stage reach the owner") {
  test::server_process srv;
  probe p(srv.port());
  p.conn->start(
      boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), srv.port()));
  p.conn->send(std::string(1024 * 1024, 'a'));  // over the server's frame limit: 1009
  p.run(1);
  CHECK(p.opened);
  REQUIRE(p.closed);
  CHECK(p.closed->was_open);
  CHECK(p.closed->close_code == 1009);
  CHECK(p.closed->tag() == "closed_1009");
  CHECK(p.closed->describe().find("code 1009") != std::string::npos);
}
