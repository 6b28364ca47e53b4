#include "support/server_checks.hpp"

#include <doctest/doctest.h>

#include "support/table.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

namespace {

std::int64_t value_in(const std::string& body, const std::string& name) {
  const auto at = body.find(cat({"\n", name, " "}));
  REQUIRE_MESSAGE(at != std::string::npos, name);
  return std::stoll(body.substr(at + name.size() + 2));
}

}  // namespace

std::int64_t metric(std::uint16_t port, const std::string& name) {
  return metrics_sum(port, {name});
}

std::int64_t metrics_sum(std::uint16_t port, std::initializer_list<std::string> names) {
  const auto [status, body] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  std::int64_t sum = 0;
  for (const auto& name : names) sum += value_in(body, name);
  return sum;
}

void check_server_fine(server_process& srv) {
  REQUIRE(srv.running());
  ws_client c(srv.port());
  c.hello("probe");
  CHECK(c.request({{"type", "list_rooms"}}, "rooms").at("rooms").is_array());
}

}  // namespace ringside::test
