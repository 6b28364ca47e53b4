// Accounts are in the journal: after a crash and a restart the password still logs in, each
// device's token still says hello, the name is still reserved, a revoked token stays revoked,
// and the identity sweep never takes an account, however long it is away.
#include <doctest/doctest.h>

#include <thread>

#include "journaled_server.hpp"
#include "support/server_checks.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

const std::vector<std::string> quick_hashing{
    "--password-opslimit", "1", "--password-memlimit", "8192", "--identity-ttl", "1"};

json login(const std::string& name, const std::string& password) {
  return {{"type", "login"}, {"name", name}, {"password", password}};
}

json hello_with(const std::string& name, const std::string& token) {
  return {{"type", "hello"}, {"name", name}, {"token", token}};
}

}  // namespace

TEST_CASE("an account survives a restart, and the identity sweep never prunes it") {
  temp_dir dir;
  json first;
  std::string laptop_token;
  std::string revoked_token;
  {
    journaled_server srv(dir.path(), quick_hashing);
    {
      ws_client c(srv.port());
      first = c.hello("Ivan");
      c.request({{"type", "register"}, {"name", "Ivan"}, {"password", "ivans password"}},
                "registered");
      ws_client laptop(srv.port());
      laptop_token = laptop.request(login("ivan", "ivans password"), "welcome").at("token");
      ws_client tablet(srv.port());
      revoked_token = tablet.request(login("ivan", "ivans password"), "welcome").at("token");
      tablet.request({{"type", "logout"}}, "logged_out");
    }
    // Past --identity-ttl with no seat and no connection: a guest would be swept by now.
    std::this_thread::sleep_for(std::chrono::milliseconds(2600));
    CHECK(metric(srv.port(), "ringside_identities_pruned_total") == 0);
    srv.kill9();
  }
  journaled_server srv(dir.path(), quick_hashing);
  ws_client by_password(srv.port());
  const json w = by_password.request(login("IVAN", "ivans password"), "welcome");
  CHECK(w.at("player") == first.at("player"));
  CHECK(w.at("guest") == false);
  ws_client by_first_token(srv.port());
  CHECK(by_first_token.request(hello_with("Ivan", first.at("token")), "welcome").at("player") ==
        first.at("player"));
  ws_client by_laptop(srv.port());
  const json l = by_laptop.request(hello_with("x", laptop_token), "welcome");
  CHECK(l.at("player") == first.at("player"));
  CHECK(l.at("name") == "Ivan");
  ws_client by_revoked(srv.port());
  CHECK(by_revoked.request(hello_with("Ivan", revoked_token), "error").at("code") == "bad_token");
  ws_client impostor(srv.port());
  CHECK(impostor.request({{"type", "hello"}, {"name", "ivan"}}, "error").at("code") ==
        "name_reserved");
  ws_client wrong(srv.port());
  CHECK(wrong.request(login("Ivan", "not his password"), "error").at("code") ==
        "bad_credentials");
}

}  // namespace ringside::test
