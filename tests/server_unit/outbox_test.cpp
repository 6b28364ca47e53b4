// outbox: the write-queue policy of one connection, from the frames and times it is given.
#include <doctest/doctest.h>

#include "server/outbox.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto box_t0 = outbox::clock::time_point{} + 1h;

outbox::frame_ptr text(std::string s) {
  return std::make_shared<const std::string>(std::move(s));
}

outbox::limits small_limits() {
  outbox::limits l;
  l.max_messages = 8;
  l.max_bytes = 1000;
  l.write_stall = 10s;
  l.catch_up_after = 3;
  l.chat_backlog_frames = 4;
  l.chat_backlog_bytes = 200;
  return l;
}
}  // namespace

TEST_CASE("outbox: frames go out in order, one write at a time") {
  outbox box(small_limits());
  CHECK_FALSE(box.start_write(box_t0));
  REQUIRE(box.push(text("a"), {}, box_t0));
  REQUIRE(box.push(text("bb"), {}, box_t0));
  CHECK(box.bytes() == 3);
  const auto first = box.start_write(box_t0);
  REQUIRE(first);
  CHECK(*first == "a");
  CHECK_FALSE(box.start_write(box_t0));  // one in flight
  box.end_write();
  CHECK(*box.start_write(box_t0) == "bb");
  box.end_write();
  CHECK(box.size() == 0);
  CHECK(box.bytes() == 0);
}

TEST_CASE("outbox: a reader that does not read is refused, chat making way first") {
  outbox box(small_limits());
  REQUIRE(box.push_chat(text("{\"chat\":1}"), 0));
  for (int i = 0; i < 7; ++i) REQUIRE(box.push(text("move"), {}, box_t0));
  CHECK(box.size() == 8);
  // Full: the chat is dropped to make room for the game's frame.
  CHECK(box.push(text("ack"), {}, box_t0));
  CHECK(box.take_dropped_chats() == 1);
  CHECK_FALSE(box.push(text("one too many"), {}, box_t0));
  // A write stalled past the limit refuses even with room to spare.
  outbox slow(small_limits());
  REQUIRE(slow.push(text("x"), {}, box_t0));
  REQUIRE(slow.start_write(box_t0));
  CHECK(slow.push(text("y"), {}, box_t0 + 10s));
  CHECK_FALSE(slow.push(text("z"), {}, box_t0 + 10s + 1ms));
  CHECK_FALSE(outbox(small_limits()).push(text(std::string(1001, 'x')), {}, box_t0));
}

TEST_CASE("outbox: a room's backlog of patches is replaced by one snapshot") {
  outbox box(small_limits());
  REQUIRE(box.push(text("p1"), "r", box_t0));
  REQUIRE(box.start_write(box_t0));  // in flight: no longer replaceable
  REQUIRE(box.push(text("p2"), "r", box_t0));
  REQUIRE(box.push(text("p3"), "r", box_t0));
  REQUIRE(box.push(text("other"), "s", box_t0));
  CHECK_FALSE(box.behind("r"));
  REQUIRE(box.push(text("p4"), "r", box_t0));
  CHECK(box.behind("r"));
  CHECK_FALSE(box.behind("s"));
  box.begin_catch_up("r");
  CHECK(box.catching_up("r"));
  CHECK(box.size() == 2);  // p1 in flight, and the other room's frame
  REQUIRE(box.end_catch_up("r", text("snapshot"), box_t0));
  CHECK_FALSE(box.catching_up("r"));
  box.end_write();
  CHECK(*box.start_write(box_t0) == "other");
  box.end_write();
  CHECK(*box.start_write(box_t0) == "snapshot");
  // A room gone while its snapshot was on its way ends the catch-up with nothing queued.
  box.begin_catch_up("q");
  CHECK(box.end_catch_up("q", nullptr, box_t0));
  CHECK_FALSE(box.catching_up("q"));
}

TEST_CASE("outbox: each room's waiting patches are counted apart, and written ones leave it") {
  outbox box(small_limits());
  REQUIRE(box.push(text("r1"), "r", box_t0));
  REQUIRE(box.push(text("s1"), "s", box_t0));
  REQUIRE(box.push(text("r2"), "r", box_t0));
  REQUIRE(box.push(text("s2"), "s", box_t0));
  REQUIRE(box.push(text("r3"), "r", box_t0));
  CHECK(box.behind("r"));  // three of r's waiting, s's two not counted with them
  CHECK_FALSE(box.behind("s"));
  REQUIRE(box.start_write(box_t0));  // r1 in flight: two of r's left waiting
  CHECK_FALSE(box.behind("r"));
  box.end_write();
  REQUIRE(box.push(text("s3"), "s", box_t0));
  CHECK(box.behind("s"));
  for (int i = 0; i < 5; ++i) {
    REQUIRE(box.start_write(box_t0));
    box.end_write();
  }
  CHECK(box.size() == 0);
  // Every count went back to nothing: a room's patches start from zero again.
  REQUIRE(box.push(text("r4"), "r", box_t0));
  REQUIRE(box.push(text("r5"), "r", box_t0));
  CHECK_FALSE(box.behind("r"));
}

TEST_CASE("outbox: chat to a backed-up connection is dropped, and the next says how many") {
  outbox box(small_limits());
  REQUIRE(box.push_chat(text("{\"type\":\"chat\"}"), 0));
  CHECK_FALSE(box.push_chat(text("{\"type\":\"chat\"}"), 200));  // the kernel holds a backlog
  for (int i = 0; i < 3; ++i) REQUIRE(box.push(text("move"), {}, box_t0));
  CHECK_FALSE(box.push_chat(text("{\"type\":\"chat\"}"), 0));  // four frames waiting here
  CHECK(box.take_dropped_chats() == 2);
  CHECK(box.take_dropped_chats() == 0);
  for (int i = 0; i < 4; ++i) {
    REQUIRE(box.start_write(box_t0));
    box.end_write();
  }
  REQUIRE(box.push_chat(text("{\"type\":\"chat\"}"), 0));
  const auto marked = box.start_write(box_t0);
  REQUIRE(marked);
  CHECK(*marked == "{\"type\":\"chat\",\"missed\":2}");
}

TEST_CASE("outbox: closing drops all but the frame in flight") {
  outbox box(small_limits());
  for (int i = 0; i < 5; ++i) REQUIRE(box.push(text("f"), "r", box_t0));
  REQUIRE(box.start_write(box_t0));
  box.drop_unsent();
  CHECK(box.size() == 1);
  CHECK(box.bytes() == 1);
  CHECK_FALSE(box.behind("r"));
  box.end_write();
  CHECK(box.size() == 0);
}

TEST_CASE("outbox: a backlog goes out in one write of several frames, all kept until it ends") {
  outbox box(small_limits());
  for (const char* f : {"a", "bb", "ccc"}) REQUIRE(box.push(text(f), "r", box_t0));
  REQUIRE(box.push_chat(text("{}"), 0));
  CHECK(box.start_writes(box_t0, 3) == 3);
  CHECK(*box.in_flight(0) == "a");
  CHECK(*box.in_flight(2) == "ccc");
  CHECK(box.writing());
  CHECK(box.start_writes(box_t0, 3) == 0);  // one write at a time
  CHECK_FALSE(box.start_write(box_t0));
  // Closing keeps every frame in flight: their bytes are the write's.
  box.drop_unsent();
  CHECK(box.size() == 3);
  CHECK(box.bytes() == 6);
  box.end_write();
  CHECK(box.size() == 0);
  CHECK(box.bytes() == 0);
  CHECK_FALSE(box.writing());
}

TEST_CASE("outbox: frames in a write are no longer replaceable; a write of several can stall") {
  outbox box(small_limits());
  for (int i = 0; i < 4; ++i) REQUIRE(box.push(text("p"), "r", box_t0));
  CHECK(box.behind("r"));
  CHECK(box.start_writes(box_t0, 2) == 2);
  CHECK_FALSE(box.behind("r"));  // two waiting, under catch_up_after
  box.begin_catch_up("r");       // drops the waiting two, never the two in flight
  CHECK(box.size() == 2);
  CHECK_FALSE(box.push(text("late"), {}, box_t0 + 11s));  // the write has stalled
  box.end_write();
  CHECK(box.size() == 0);
}

}  // namespace ringside::server
