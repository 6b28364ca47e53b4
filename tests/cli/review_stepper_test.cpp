// `review ROOM`: stepping through the server's positions, and answers that are not positions.
#include <doctest/doctest.h>

#include "clients/cli/review_stepper.hpp"

using nlohmann::json;
using ringside::cli::review_stepper;

namespace {

const char* answer = R"({"room":"k3x9","game":"dvonn","status":"finished","ply":2,
  "history":["a1","h1"],"history_by":[1,2],
  "positions":[{"ply":0,"stacks":{},"players":[{"name":"a","online":false},null]},{"ply":1,"stacks":{"a1":"W"}},
               {"ply":2,"stacks":{"a1":"W","h1":"B"}}]})";

}  // namespace

TEST_CASE("review steps through the positions and never past either end") {
  auto r = review_stepper::from_answer(answer);
  REQUIRE(r);
  CHECK(r->room() == "k3x9");
  CHECK(r->ply() == 2);  // the last position first
  CHECK(r->step("n"));
  CHECK(r->ply() == 2);
  CHECK(r->step("p"));
  CHECK(r->ply() == 1);
  CHECK(r->state().at("stacks") == json{{"a1", "W"}});
  CHECK(r->state().at("history") == json{"a1"});
  CHECK(r->state().at("history_by") == json{1});
  CHECK(r->where().find("move 1 of 2 (a1)") != std::string::npos);
  CHECK(r->step("first"));
  CHECK(r->ply() == 0);
  CHECK(r->state().at("history").empty());
  CHECK_FALSE(r->state().at("players").at(0).contains("online"));  // not shown as away
  CHECK(r->where().find("the first position of 2") != std::string::npos);
  CHECK(r->step("p"));
  CHECK(r->ply() == 0);
  CHECK(r->step("last"));
  CHECK(r->ply() == 2);
  CHECK(r->step("1"));
  CHECK(r->ply() == 1);
  CHECK(r->step("99"));
  CHECK(r->ply() == 2);
  CHECK_FALSE(r->step("say"));
  CHECK_FALSE(r->step("1x"));
}

TEST_CASE("an answer without positions is no review") {
  for (const char* body :
       {"", "not json", "[]", R"({"room":"a","history":[],"positions":[]})",
        R"({"room":1,"history":[],"positions":[{}]})", R"({"history":[],"positions":[{}]})"}) {
    CAPTURE(body);
    CHECK_FALSE(review_stepper::from_answer(body));
  }
}
