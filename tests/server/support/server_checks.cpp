#include "support/server_checks.hpp"

#include <doctest/doctest.h>

#include "support/table.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

std::int64_t metric(std::uint16_t port, const std::string& name) {
  const auto [status, body] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  const auto at = body.find(cat({"\n", name, " "}));
  REQUIRE_MESSAGE(at != std::string::npos, name);
  return std::stoll(body.substr(at + name.size() + 2));
}

void check_server_fine(server_process& srv) {
  REQUIRE(srv.running());
  ws_client c(srv.port());
  c.hello("probe");
  CHECK(c.request({{"type", "list_rooms"}}, "rooms").at("rooms").is_array());
}

}  // namespace ringside::test
