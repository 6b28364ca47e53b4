// node_census and node_info: the choice of a node for a new room, the online count, and the
// heartbeat's value.
#include <doctest/doctest.h>

#include "server/cluster/node_census.hpp"

using ringside::server::cluster::node_census;
using ringside::server::cluster::node_info;

TEST_CASE("a new room goes to the node owning the fewest rooms, then the least loaded") {
  node_census c;
  CHECK_FALSE(c.least_loaded());
  c.live = {{"a", "10.0.0.1:8080", 12, 40, 0.1},
            {"b", "10.0.0.2:8080", 7, 90, 0.9},
            {"c", "10.0.0.3:8080", 7, 10, 0.2}};
  CHECK(c.least_loaded()->id == "c");
  c.live[2].load = 0.95;
  CHECK(c.least_loaded()->id == "b");
  CHECK(c.online() == 140);
  CHECK(c.is_live("a"));
  CHECK_FALSE(c.is_live("d"));
}

TEST_CASE("equal nodes are ordered by id, so every node makes the same choice") {
  node_census c;
  c.live = {{"n2", "x", 3, 0, 0}, {"n1", "y", 3, 0, 0}};
  CHECK(c.least_loaded()->id == "n1");
}

TEST_CASE("a heartbeat's value round-trips and a foreign one is refused") {
  node_info n{"node-1", "127.0.0.1:9000", 5, 17, 0.25};
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
