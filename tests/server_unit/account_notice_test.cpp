// account_notice: a node's word that an account changed names the account and survives the
// trip whole; a garbled notice is refused, and one naming no account asks for a full re-read.
#include "server/account_notice.hpp"

#include <doctest/doctest.h>

using ringside::server::account_notice;

TEST_CASE("account notices come back as they were sent") {
  const account_notice made{"node-a", "p-42", ""};
  const auto back = account_notice::decode(made.encode());
  REQUIRE(back.has_value());
  CHECK(back->from == "node-a");
  CHECK(back->player == "p-42");
  CHECK(back->revoked.empty());

  const account_notice logged_out{"node-b", "p-7", std::string(64, 'a')};
  const auto out = account_notice::decode(logged_out.encode());
  REQUIRE(out.has_value());
  CHECK(out->from == "node-b");
  CHECK(out->player == "p-7");
  CHECK(out->revoked == std::string(64, 'a'));
}

TEST_CASE("an account notice naming no account asks for every account") {
  const auto n = account_notice::decode(R"({"from":"node-a","revoked":""})");
  REQUIRE(n.has_value());
  CHECK(n->player.empty());
  const auto again = account_notice::decode(account_notice{"node-a", "", ""}.encode());
  REQUIRE(again.has_value());
  CHECK(again->player.empty());
}

TEST_CASE("garbled account notices are refused") {
  CHECK_FALSE(account_notice::decode("not json").has_value());
  CHECK_FALSE(account_notice::decode("[]").has_value());
  CHECK_FALSE(account_notice::decode(R"({"revoked":""})").has_value());
  CHECK_FALSE(account_notice::decode(R"({"from":"node-a"})").has_value());
  CHECK_FALSE(account_notice::decode(R"({"from":"","revoked":""})").has_value());
  CHECK_FALSE(account_notice::decode(R"({"from":7,"revoked":""})").has_value());
  CHECK_FALSE(account_notice::decode(R"({"from":"node-a","revoked":1})").has_value());
  CHECK_FALSE(account_notice::decode(R"({"from":"node-a","revoked":"","player":42})").has_value());
}
