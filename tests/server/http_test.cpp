// The HTTP side of the port, the command line, and a clean shutdown.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>

#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {

TEST_CASE("listening on prints the real port, and --help lists the flags") {
  server_process srv;
  CHECK(srv.port() != 0);
  CHECK(srv.banner() == cat({"listening on 127.0.0.1:", std::to_string(srv.port())}));
  FILE* p = popen(RINGSIDE_SERVER_PATH " --help", "r");
  REQUIRE(p != nullptr);
  std::string text;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p) != nullptr) text += buf;
  CHECK(pclose(p) == 0);
  for (const char* flag : {"--host", "--port", "--threads", "--log-level", "--help"}) {
    CHECK_MESSAGE(text.find(flag) != std::string::npos, flag);
  }
}

TEST_CASE("healthz, metrics, the room list, a game record and 404") {
  server_process srv;
  table t(srv.port());
  const std::string move = placement(t.seat(1).state(), "G");
  t.play(1, move);

  const auto [hs, hbody] = http_get(srv.port(), "/healthz");
  CHECK(hs == 200);
  const auto health = json::parse(hbody);
  CHECK(health.at("status") == "ok");
  CHECK(health.at("rooms") == 1);
  CHECK(health.at("connections") == 2);
  CHECK(health.at("uptime_s").is_number_integer());

  const auto [ms, metrics] = http_get(srv.port(), "/metrics");
  CHECK(ms == 200);
  for (const char* line :
       {"\nringside_connections 2\n", "\nringside_rooms{status=\"playing\"} 1\n",
        "\nringside_moves_accepted_total 1\n", "\nringside_move_latency_seconds_count 1\n",
        "\nringside_slow_clients_dropped_total 0\n"}) {
    CHECK_MESSAGE(metrics.find(line) != std::string::npos, line);
  }
  CHECK(metrics.find("ringside_messages_in_total") != std::string::npos);
  CHECK(metrics.find("ringside_bytes_out_total") != std::string::npos);

  const auto [ls, list] = http_get(srv.port(), "/api/rooms");
  CHECK(ls == 200);
  const auto page = json::parse(list);
  CHECK(page.at("type") == "rooms");
  CHECK(page.at("next").is_null());
  const auto& rooms = page.at("rooms");
  REQUIRE(rooms.size() == 1);
  CHECK(rooms.at(0).at("room") == t.room());
  CHECK(rooms.at(0).at("players") == json::array({"alice", "bob"}));
  CHECK(rooms.at(0).at("status") == "playing");

  const auto [rs, record] = http_get(srv.port(), cat({"/api/rooms/", t.room(), "/record"}));
  CHECK(rs == 200);
  CHECK(record.find(move) != std::string::npos);
  CHECK(record.find("alice") != std::string::npos);

  CHECK(http_get(srv.port(), "/api/rooms/nothere/record").first == 404);
  CHECK(http_get(srv.port(), "/nope").first == 404);
}

TEST_CASE("SIGTERM: sessions get a 1001 close frame and the server exits 0") {
  server_process srv;
  ws_client c(srv.port());
  c.hello("alice");
  REQUIRE(kill(srv.pid(), SIGTERM) == 0);
  CHECK(c.wait_closed() == 1001);
  CHECK(srv.stop(SIGTERM) == 0);
}

TEST_CASE("SIGINT with nobody connected exits 0 too") {
  server_process srv;
  CHECK(srv.stop(SIGINT) == 0);
}

}  // namespace ringside::test
