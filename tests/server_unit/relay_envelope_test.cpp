// relay_envelope: what nodes say to each other about clients survives the trip whole, and
// anything garbled or incomplete is refused rather than half read.
#include "server/relay_envelope.hpp"

#include <doctest/doctest.h>

using ringside::server::relay_envelope;

TEST_CASE("relay envelopes come back as they were sent") {
  relay_envelope r;
  r.what = relay_envelope::kind::request;
  r.from = "node-a";
  r.peer = 42;
  r.req = 7;
  r.run = "r9k2";
  r.token = "secret";
  r.address = "203.0.113.9";
  r.text = R"({"type":"move","room":"abc","move":"Wa1-b2","version":3,"id":"m3"})";
  const auto back = relay_envelope::decode(r.encode());
  REQUIRE(back.has_value());
  CHECK(back->what == relay_envelope::kind::request);
  CHECK(back->from == "node-a");
  CHECK(back->peer == 42);
  CHECK(back->req == 7);
  CHECK(back->run == "r9k2");
  CHECK(back->token == "secret");
  CHECK(back->address == "203.0.113.9");
  CHECK(back->text == r.text);

  relay_envelope a;
  a.what = relay_envelope::kind::attached;
  a.from = "node-b";
  a.peer = 1;
  a.room = "q7tz3mka";
  const auto attached = relay_envelope::decode(a.encode());
  REQUIRE(attached.has_value());
  CHECK(attached->what == relay_envelope::kind::attached);
  CHECK(attached->room == "q7tz3mka");

  // A node of the version before sends no run: its requests still read, with none.
  r.run.clear();
  const auto older = relay_envelope::decode(r.encode());
  REQUIRE(older.has_value());
  CHECK(older->run.empty());
  CHECK(older->token == "secret");
}

TEST_CASE("garbled, incomplete or ill-typed relay envelopes are refused") {
  for (
      const char* bad : {
          "",
          "not json",
          "[1,2,3]",
          R"({"kind":"request"})",
          R"({"kind":"teleport","from":"a","peer":1})",
          R"({"kind":"gone","from":"a b","peer":1})",
          R"({"kind":"gone","from":"","peer":1})",
          R"({"kind":"gone","from":"a","peer":0})",
          R"({"kind":"gone","from":"a","peer":-1})",
          R"({"kind":"gone","from":"a","peer":"1"})",
          R"({"kind":"request","from":"a","peer":1,"req":1,"token":"","address":"","text":"{}"})",
          R"({"kind":"request","from":"a","peer":1,"req":1,"token":"t","address":"","text":5})",
          R"({"kind":"request","from":"a","peer":1,"token":"t","address":"","text":"{}"})",
          R"({"kind":"request","from":"a","peer":1,"req":1,"run":5,"token":"t","address":"","text":"{}"})",
          R"({"kind":"attached","from":"a","peer":1,"room":""})",
          R"({"kind":"done","from":"a","peer":1})",
      }) {
    INFO(bad);
    CHECK_FALSE(relay_envelope::decode(bad).has_value());
  }
  CHECK(relay_envelope::decode(R"({"kind":"gone","from":"node-a","peer":3})").has_value());
}
