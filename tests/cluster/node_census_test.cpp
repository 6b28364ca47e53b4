// node_census and node_info: the choice of a node for a new room, the online count, and the
// heartbeat's value.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "server/cluster/node_census.hpp"
#include "server/cluster/run_watch.hpp"

using ringside::server::cluster::node_census;
using ringside::server::cluster::node_info;
using ringside::server::cluster::run_watch;

TEST_CASE("a new room goes to the node owning the fewest rooms, then holding fewest connections") {
  node_census c;
  CHECK_FALSE(c.least_loaded(0.5));
  c.live = {{"a", "10.0.0.1:8080", 12, 40, 0.1, ""},
            {"b", "10.0.0.2:8080", 7, 90, 0.3, ""},
            {"c", "10.0.0.3:8080", 7, 10, 0.2, ""}};
  CHECK(c.least_loaded(0.5)->id == "c");
  // Connections decide between equal room counts, whatever the load within the margin.
  c.live[2].online = 95;
  CHECK(c.least_loaded(0.5)->id == "b");
  CHECK(c.online() == 225);
  CHECK(c.is_live("a"));
  CHECK_FALSE(c.is_live("d"));
}

TEST_CASE(
    "load counts only past the margin: a machine loaded well beyond the lightest is passed "
    "over") {
  node_census c;
  c.live = {{"a", "x", 3, 10, 0.10, ""}, {"b", "y", 1, 10, 0.90, ""}, {"c", "z", 5, 10, 0.35, ""}};
  // b owns fewest rooms, but its load is 0.8 past a's: out. a then, with fewer rooms than c.
  CHECK(c.least_loaded(0.5)->id == "a");
  // A wider margin lets b back in.
  CHECK(c.least_loaded(1.0)->id == "b");
  // A margin of 0 is the least loaded machine's alone (ties kept).
  CHECK(c.least_loaded(0)->id == "a");
}

TEST_CASE("equally empty nodes whose load averages jitter get a stable choice") {
  node_census c;
  c.live = {{"n2", "x", 0, 0, 0.02, ""}, {"n1", "y", 0, 0, 0.07, ""}, {"n3", "z", 0, 0, 0.01, ""}};
  // The smallest id, census after census, as the idle loads swap places.
  for (const double jitter : {0.0, 0.05, 0.11, 0.3}) {
    c.live[0].load = 0.02 + jitter;
    c.live[2].load = 0.3 - jitter;
    CHECK(c.least_loaded(0.5)->id == "n1");
  }
  c.live = {{"n2", "x", 3, 0, 0, ""}, {"n1", "y", 3, 0, 0, ""}};
  CHECK(c.least_loaded(0.5)->id == "n1");
}

TEST_CASE("a heartbeat's value round-trips and a foreign one is refused") {
  node_info n{"node-1", "127.0.0.1:9000", 5, 17, 0.25, ""};
  auto back = node_info::decode("node-1", n.encode());
  REQUIRE(back);
  CHECK(back->address == "127.0.0.1:9000");
  CHECK(back->rooms == 5);
  CHECK(back->online == 17);
  CHECK(back->load == doctest::Approx(0.25));
  CHECK_FALSE(node_info::decode("x", "not json"));
  CHECK_FALSE(node_info::decode("x", R"({"address":"a","rooms":"many","online":1,"load":0})"));
  CHECK_FALSE(node_info::decode("x", "[1,2]"));
}

TEST_CASE("a heartbeat carries its run token; one without it still reads") {
  node_info n{"node-1", "127.0.0.1:9000", 5, 17, 0.25, "run-1"};
  const auto back = node_info::decode("node-1", n.encode());
  REQUIRE(back);
  CHECK(back->run == "run-1");
  const auto older =
      node_info::decode("node-1", R"({"address":"a","rooms":1,"online":2,"load":0})");
  REQUIRE(older);
  CHECK(older->run.empty());
}

TEST_CASE("a node beating under its id with a new run token was started again") {
  run_watch w;
  const auto live = [](std::string a_run, std::string b_run) {
    return std::vector<node_info>{{"a", "x", 0, 0, 0, std::move(a_run)},
                                  {"b", "y", 0, 0, 0, std::move(b_run)}};
  };
  // First seen: nothing to compare with.
  CHECK(w.restarted(live("a1", "b1")).empty());
  CHECK(w.restarted(live("a1", "b1")).empty());
  CHECK(w.restarted(live("a2", "b1")) == std::vector<std::string>{"a"});
  // Noticed once, not at every look after.
  CHECK(w.restarted(live("a2", "b1")).empty());
  // A node without a token (an older version) is never taken for a restart.
  CHECK(w.restarted(live("", "b1")).empty());
  CHECK(w.restarted(live("a3", "b1")).empty());
  // One that left and came back under its id with a new run is a new node, not a restart.
  CHECK(w.restarted({{"a", "x", 0, 0, 0, "a3"}}).empty());
  CHECK(w.restarted(live("a3", "b2")).empty());
  CHECK(w.restarted(live("a4", "b3")) == std::vector<std::string>{"a", "b"});
}
