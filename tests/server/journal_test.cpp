// journal: round trips through real SQLite files in fresh temp directories.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "server/journal.hpp"
#include "server/journal_schema.hpp"
#include "server/token_digest.hpp"
#include "tests/server/journal_test_support.hpp"

namespace fs = std::filesystem;
using namespace ringside::server;
using namespace ringside::journal_test;

TEST_CASE("journal: open creates missing directories, a WAL database and the latest schema") {
  temp_dir t;
  const auto dir = t.path / "a" / "b";
  auto j = open_ok(dir);
  const std::string latest = std::to_string(journal_schema::latest_version);
  CHECK(query_one(dir / "ringside.db", "SELECT max(version) FROM schema_version") == latest);
  if (!on_postgres()) {  // the file and its mode are SQLite's; PostgreSQL has the same versions
    CHECK(fs::exists(dir / "ringside.db"));
    CHECK(query_one(dir / "ringside.db", "PRAGMA journal_mode") == "wal");
  }
  j.reset();
  // Reopening does not migrate twice: one row per migration applied.
  auto again = open_ok(dir);
  CHECK(query_one(dir / "ringside.db", "SELECT count(*) FROM schema_version") == latest);
}

TEST_CASE("journal: identities are found by token digest, never store the token") {
  temp_dir t;
  auto j = open_ok(t.path);
  const std::string token = "secret-token-123";
  const auto digest = token_digest(token);
  REQUIRE(j->save_identity("p1", "alice", digest).has_value());

  auto found = j->find_identity(digest);
  REQUIRE(found.has_value());
  REQUIRE(found->has_value());
  CHECK(**found == identity_row{"p1", "alice"});

  auto missing = j->find_identity(token_digest("other"));
  REQUIRE(missing.has_value());
  CHECK_FALSE(missing->has_value());

  // A raw token is refused, so it cannot end up on disk by mistake.
  auto raw = j->save_identity("p2", "bob", token);
  REQUIRE_FALSE(raw.has_value());
  CHECK(raw.error().find("SHA-256") != std::string::npos);

  // Saving the player again renames it and moves it to the new digest.
  const auto digest2 = token_digest("new-token");
  REQUIRE(j->save_identity("p1", "alicia", digest2).has_value());
  CHECK((*j->find_identity(digest2))->name == "alicia");
  CHECK_FALSE(j->find_identity(digest)->has_value());
  CHECK(query_one(t.path / "ringside.db",
                  "SELECT count(*) FROM identities WHERE token_hash LIKE '%secret%'") == "0");
}

TEST_CASE("journal: accounts, device tokens, revocation; the sweep never prunes an account") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_identity("p-erin", "erin", token_digest("first")).has_value());
  REQUIRE(j->save_account({"p-erin", "Erin", "$argon2id$stand-in"}).has_value());
  CHECK_FALSE(j->save_account({"p-erin", "Erin", "$argon2id$again"}).has_value());
  REQUIRE(j->save_device_token("p-erin", token_digest("laptop")).has_value());
  // Both tokens find the account, under its account name.
  CHECK(**j->find_identity(token_digest("first")) == identity_row{"p-erin", "Erin", true});
  CHECK(**j->find_identity(token_digest("laptop")) == identity_row{"p-erin", "Erin", true});
  REQUIRE(j->set_password("p-erin", "$argon2id$new").has_value());
  CHECK_FALSE(j->set_password("p-nobody", "$argon2id$new").has_value());
  const auto all = j->accounts();
  REQUIRE(all.has_value());
  CHECK(*all == std::vector<account_row>{{"p-erin", "Erin", "$argon2id$new"}});
  // Revoking one token leaves the other.
  REQUIRE(j->revoke_token(token_digest("laptop"), token_digest("nobody holds this")).has_value());
  CHECK_FALSE(j->find_identity(token_digest("laptop"))->has_value());
  REQUIRE(j->revoke_token(token_digest("first"), token_digest("nor this")).has_value());
  CHECK_FALSE(j->find_identity(token_digest("first"))->has_value());
  // Long unseen and seated nowhere: a guest would go, an account stays.
  REQUIRE(j->prune_identities(std::int64_t{1} << 50).has_value());
  CHECK(j->accounts()->size() == 1);
  CHECK(query_one(t.path / "ringside.db",
                  "SELECT count(*) FROM identities WHERE player_id = 'p-erin'") == "1");
}

TEST_CASE("journal: identities unseen since a time and holding no unfinished seat are pruned") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_identity("p-alice", "alice", token_digest("a")).has_value());  // seated
  REQUIRE(j->save_identity("p-bob", "bob", token_digest("b")).has_value());      // seen again
  REQUIRE(j->save_identity("p-carol", "carol", token_digest("c")).has_value());  // gone
  REQUIRE(j->save_identity("p-dave", "dave", token_digest("d")).has_value());    // finished game
  REQUIRE(j->save_room(sample_room("r1", 1)).has_value());  // alice in seat 1, waiting
  REQUIRE(j->save_room(sample_room("r2", 2)).has_value());
  std::array<std::optional<seat_row>, 2> seats{seat_row{"p-dave", "dave"}, std::nullopt};
  REQUIRE(j->update_seats("r2", seats, "playing").has_value());
  REQUIRE(j->finish_room("r2", room_result{1, "resignation"}, "x", "record").has_value());
  const std::int64_t later = std::int64_t{1} << 50;  // after every time saved above
  REQUIRE(j->touch_identities({"p-bob", "p-nobody"}, later + 1).has_value());
  const auto pruned = j->prune_identities(later);
  REQUIRE(pruned.has_value());
  CHECK(*pruned == 2);
  CHECK(**j->find_identity(token_digest("a")) == identity_row{"p-alice", "alice"});
  CHECK(j->find_identity(token_digest("b"))->has_value());
  CHECK_FALSE(j->find_identity(token_digest("c"))->has_value());
  CHECK_FALSE(j->find_identity(token_digest("d"))->has_value());
  // The finished game keeps the name it showed.
  CHECK((**j->room("r2")).seats[0] == seat_row{"p-dave", "dave"});
}

TEST_CASE("journal: short finished games past their time are pruned, with their moves") {
  temp_dir t;
  auto j = open_ok(t.path);
  const auto db = t.path / "ringside.db";
  // name, plies, finished
  const auto room_with = [&](const std::string& id, int plies, bool finish) {
    REQUIRE(j->save_room(sample_room(id, 1)).has_value());
    for (int ply = 1; ply <= plies; ++ply)
      REQUIRE(j->append_move(id, sample_move(ply)).has_value());
    if (finish) REQUIRE(j->finish_room(id, room_result{1, "resignation"}, "x", "rec").has_value());
  };
  room_with("short", 2, true);
  room_with("long", 5, true);
  room_with("open", 1, false);
  room_with("old-short", 0, true);
  // Every finished game has its finish time; make one finished long ago.
  CHECK(query_one(
            db, "SELECT count(*) FROM rooms WHERE id = 'short' AND finished_ms > 1700000000000") ==
        "1");
  query_one(db, "UPDATE rooms SET finished_ms = 5 WHERE id = 'old-short'");

  // Nothing finished before a time in the past but that one.
  auto first = j->prune_finished_rooms(10, 5, 100);
  REQUIRE(first.has_value());
  CHECK(*first == std::vector<std::string>{"old-short"});
  const std::int64_t later = std::int64_t{1} << 50;  // after every game above finished
  auto pruned = j->prune_finished_rooms(later, 5, 100);
  REQUIRE(pruned.has_value());
  CHECK(*pruned == std::vector<std::string>{"short"});
  // Its record and its moves are gone; the long game and the open one stay whole.
  CHECK_FALSE(j->room("short")->has_value());
  CHECK_FALSE(j->room("old-short")->has_value());
  CHECK(query_one(db, "SELECT count(*) FROM moves WHERE room_id = 'short'") == "0");
  REQUIRE(j->room("long")->has_value());
  CHECK(j->moves("long")->size() == 5);
  REQUIRE(j->room("open")->has_value());
  CHECK(j->moves("open")->size() == 1);
  CHECK(j->prune_finished_rooms(later, 5, 100)->empty());
  // Keeping no length: the long game goes too, never the open one; `limit` at a time.
  room_with("short2", 1, true);
  auto batch = j->prune_finished_rooms(later, std::numeric_limits<std::int64_t>::max(), 1);
  REQUIRE(batch.has_value());
  CHECK(batch->size() == 1);
  CHECK(j->prune_finished_rooms(later, std::numeric_limits<std::int64_t>::max(), 100)->size() == 1);
  CHECK_FALSE(j->room("long")->has_value());
  CHECK_FALSE(j->room("short2")->has_value());
  CHECK(j->room("open")->has_value());
  CHECK(query_one(db, "SELECT count(*) FROM moves") == "1");
  // Inside a batch the deletes are the batch's, durable with its commit.
  room_with("in-batch", 0, true);
  REQUIRE(j->begin_batch().has_value());
  CHECK(j->prune_finished_rooms(later, 5, 100)->size() == 1);
  REQUIRE(j->commit_batch().has_value());
  CHECK(query_one(db, "SELECT count(*) FROM rooms") == "1");
}

TEST_CASE("journal: rooms round-trip with every field, and ids are unique") {
  temp_dir t;
  auto j = open_ok(t.path);
  auto timed = sample_room("r1", 1000);
  auto untimed = sample_room("r2", 2000);
  untimed.clock.reset();
  untimed.is_private = false;
  untimed.variant = "blitz";
  untimed.board = 37;
  untimed.seats[0].reset();
  untimed.seats[1] = seat_row{"p-bob", "bob"};
  auto correspondence = sample_room("r4", 4000);
  correspondence.clock = clock_setting{3 * 86'400, 0, 3};
  REQUIRE(j->save_room(timed).has_value());
  REQUIRE(j->save_room(untimed).has_value());
  REQUIRE(j->save_room(correspondence).has_value());

  CHECK(*j->room("r1") == std::optional<room_row>(timed));
  CHECK(*j->room("r2") == std::optional<room_row>(untimed));
  CHECK(*j->room("r4") == std::optional<room_row>(correspondence));
  CHECK_FALSE(j->room("nope")->has_value());

  auto dup = j->save_room(sample_room("r1", 3000));
  REQUIRE_FALSE(dup.has_value());
  CHECK(dup.error().find("r1") != std::string::npos);

  auto bad = sample_room("r3", 1);
  bad.status = "finished";
  CHECK_FALSE(j->save_room(bad).has_value());
}

TEST_CASE("journal: seats update, rooms finish, and finished rooms leave the resume list") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  REQUIRE(j->save_room(sample_room("r2", 2)).has_value());

  std::array<std::optional<seat_row>, 2> seats{seat_row{"p-alice", "alice"},
                                               seat_row{"p-bob", "bob"}};
  REQUIRE(j->update_seats("r1", seats, "playing").has_value());
  auto r1 = **j->room("r1");
  CHECK(r1.status == "playing");
  CHECK(r1.seats == seats);
  CHECK_FALSE(r1.result.has_value());

  auto missing = j->update_seats("zz", seats, "playing");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().find("does not exist") != std::string::npos);
  CHECK_FALSE(j->update_seats("r1", seats, "finished").has_value());

  REQUIRE(j->append_move("r1", sample_move(1)).has_value());
  REQUIRE(j->finish_room("r1", room_result{2, "resignation"}, "zip-text",
                         "[Event \"x\"]\n1. Wd4-a1 0-1")
              .has_value());
  r1 = **j->room("r1");
  CHECK(r1.status == "finished");
  CHECK(r1.result == std::optional<room_result>(room_result{2, "resignation"}));
  CHECK(r1.final_position == std::optional<std::string>("zip-text"));
  CHECK(r1.record == std::optional<std::string>("[Event \"x\"]\n1. Wd4-a1 0-1"));
  CHECK(*j->moves("r1") == std::vector<move_row>{sample_move(1)});

  auto unfinished = j->unfinished_rooms();
  REQUIRE(unfinished.has_value());
  REQUIRE(unfinished->size() == 1);
  CHECK((*unfinished)[0].room.id == "r2");

  auto twice = j->finish_room("r1", room_result{1, "time"}, "z", "r");
  REQUIRE_FALSE(twice.has_value());
  CHECK(twice.error().find("already finished") != std::string::npos);
  auto late = j->append_move("r1", sample_move(2));
  REQUIRE_FALSE(late.has_value());
  CHECK(late.error().find("finished") != std::string::npos);
  CHECK_FALSE(j->update_seats("r1", seats, "playing").has_value());
}

TEST_CASE("journal: moves keep ply order; a duplicate or older ply is rejected untouched") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  for (int ply = 1; ply <= 5; ++ply) REQUIRE(j->append_move("r1", sample_move(ply)).has_value());

  auto dup = sample_move(3);
  dup.text = "Bd1xd3";
  auto r = j->append_move("r1", dup);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().find("ply 3") != std::string::npos);
  CHECK_FALSE(j->append_move("r1", sample_move(5)).has_value());
  CHECK_FALSE(j->append_move("r1", sample_move(0)).has_value());
  CHECK_FALSE(j->append_move("nope", sample_move(1)).has_value());
  // A gap is allowed (a forced pass need not be journaled); order is what matters.
  REQUIRE(j->append_move("r1", sample_move(7)).has_value());

  auto m = j->moves("r1");
  REQUIRE(m.has_value());
  std::vector<move_row> want;
  for (int ply : {1, 2, 3, 4, 5, 7}) want.push_back(sample_move(ply));
  CHECK(*m == want);
  CHECK(j->moves("nope")->empty());
}

TEST_CASE("journal: a takeback moves the last moves to takebacks in one transaction") {
  temp_dir t;
  auto j = open_ok(t.path);
  auto room = sample_room("r1", 1);
  room.takebacks = false;
  REQUIRE(j->save_room(room).has_value());
  CHECK((*j->room("r1"))->takebacks == false);
  for (int ply = 1; ply <= 4; ++ply) REQUIRE(j->append_move("r1", sample_move(ply)).has_value());

  REQUIRE(j->take_back("r1", 3, 12345).has_value());
  std::vector<move_row> want{sample_move(1), sample_move(2)};
  CHECK(*j->moves("r1") == want);
  CHECK(*j->taken_back_count("r1") == 2);
  CHECK(query_one(t.path / "ringside.db",
                  "SELECT text || ' ' || taken_back_ms FROM takebacks WHERE ply = 4") ==
        sample_move(4).text + " 12345");
  // The next move is ply 3 again, however the journal cached the last ply.
  REQUIRE(j->append_move("r1", sample_move(3)).has_value());
  // Nothing at that ply, no such room, a finished room: refused, nothing written.
  CHECK_FALSE(j->take_back("r1", 5, 1).has_value());
  CHECK_FALSE(j->take_back("r1", 0, 1).has_value());
  CHECK_FALSE(j->take_back("nope", 1, 1).has_value());
  REQUIRE(j->finish_room("r1", {1, "resignation"}, "zip", "record").has_value());
  CHECK_FALSE(j->take_back("r1", 1, 1).has_value());
  CHECK(j->moves("r1")->size() == 3);
  CHECK(*j->taken_back_count("r1") == 2);
}

TEST_CASE("journal: everything survives close and reopen") {
  temp_dir t;
  std::vector<room_with_moves> written;
  {
    auto j = open_ok(t.path);
    for (int i = 0; i < 3; ++i) {
      room_with_moves rm{sample_room(numbered("room", i), 100 - i), {}};
      REQUIRE(j->save_room(rm.room).has_value());
      for (int ply = 1; ply <= i + 2; ++ply) {
        rm.moves.push_back(sample_move(ply));
        REQUIRE(j->append_move(rm.room.id, rm.moves.back()).has_value());
      }
      written.insert(written.begin(), rm);  // oldest created first
    }
    REQUIRE(j->save_identity("p1", "alice", token_digest("t")).has_value());
  }
  auto j = open_ok(t.path);
  auto loaded = j->unfinished_rooms();
  REQUIRE(loaded.has_value());
  REQUIRE(loaded->size() == written.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    CHECK((*loaded)[i].room == written[i].room);
    CHECK((*loaded)[i].moves == written[i].moves);
  }
  CHECK((*j->find_identity(token_digest("t")))->player_id == "p1");
}

TEST_CASE("journal: a path under a regular file gives a clear error") {
  temp_dir t;
  { std::ofstream(t.path / "file") << "x"; }
  auto j = journal::open(t.path / "file" / "sub");
  REQUIRE_FALSE(j.has_value());
  CHECK(j.error().find((t.path / "file").string()) != std::string::npos);
}

TEST_CASE("journal: a file written by a newer schema is refused, not clobbered") {
  temp_dir t;
  open_ok(t.path).reset();
  query_one(t.path / "ringside.db", "INSERT INTO schema_version VALUES(99)");
  auto j = open_journal(t.path);
  REQUIRE_FALSE(j.has_value());
  CHECK(j.error().find("99") != std::string::npos);
  CHECK(query_one(t.path / "ringside.db", "SELECT max(version) FROM schema_version") == "99");
}

TEST_CASE("journal: a batch is one transaction: invisible until commit, then all there") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  REQUIRE(j->append_move("r1", sample_move(1)).has_value());

  REQUIRE(j->begin_batch().has_value());
  CHECK(j->in_batch());
  CHECK_FALSE(j->begin_batch().has_value());  // no nesting
  REQUIRE(j->save_room(sample_room("r2", 2)).has_value());
  for (int ply = 2; ply <= 4; ++ply) REQUIRE(j->append_move("r1", sample_move(ply)).has_value());
  // A refused write inside the batch leaves the batch and its other writes intact.
  CHECK_FALSE(j->append_move("r1", sample_move(3)).has_value());
  CHECK(j->in_batch());
  // Another connection sees nothing of the batch before commit (WAL snapshot isolation).
  CHECK(query_one(t.path / "ringside.db", "SELECT count(*) FROM moves") == "1");
  CHECK(query_one(t.path / "ringside.db", "SELECT count(*) FROM rooms") == "1");
  REQUIRE(j->commit_batch().has_value());
  CHECK_FALSE(j->in_batch());
  CHECK(query_one(t.path / "ringside.db", "SELECT count(*) FROM moves") == "4");
  CHECK(query_one(t.path / "ringside.db", "SELECT count(*) FROM rooms") == "2");
  CHECK_FALSE(j->commit_batch().has_value());  // nothing open

  // And after reopening, in order.
  j.reset();
  auto again = open_ok(t.path);
  std::vector<move_row> want;
  for (int ply = 1; ply <= 4; ++ply) want.push_back(sample_move(ply));
  CHECK(*again->moves("r1") == want);
}

TEST_CASE("journal: a batch left open when the journal closes is not kept") {
  temp_dir t;
  {
    auto j = open_ok(t.path);
    REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
    REQUIRE(j->begin_batch().has_value());
    REQUIRE(j->append_move("r1", sample_move(1)).has_value());
  }
  auto j = open_ok(t.path);
  CHECK(j->moves("r1")->empty());
}

TEST_CASE("journal: the server's runs keep their last heartbeat, and old runs are forgotten") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->begin_run(1'000, 0).has_value());
  REQUIRE(j->heartbeat(1'000, 3'000).has_value());
  REQUIRE(j->heartbeat(1'000, 5'000).has_value());
  REQUIRE(j->begin_run(9'000, 0).has_value());
  CHECK(*j->server_runs() == std::vector<server_run>{{1'000, 5'000}, {9'000, 9'000}});
  j.reset();
  // Kept across a reopen, as a crash leaves them; a run that last beat before the cut goes.
  auto again = open_ok(t.path);
  REQUIRE(again->begin_run(20'000, 6'000).has_value());
  CHECK(*again->server_runs() == std::vector<server_run>{{9'000, 9'000}, {20'000, 20'000}});
}


TEST_CASE("journal: fencing refuses an older epoch; a takeover fences and reads in one step") {
  temp_dir t;
  auto j = open_ok(t.path);
  REQUIRE(j->save_room(sample_room("r1", 1)).has_value());
  REQUIRE(j->append_move("r1", sample_move(1)).has_value());
  // A single server writes with no epoch at all; a node's first grant is epoch 1.
  CHECK(j->fence_room("r1", 1).value());
  CHECK(j->fence_room("r1", 1).value());  // the same owner again
  CHECK(j->fence_room("r1", 3).value());
  CHECK_FALSE(j->fence_room("r1", 2).value());  // an owner that lost the room
  CHECK_FALSE(j->fence_room("nope", 5).value());

  // A new owner (epoch 4) reads the room as the store holds it; the epoch-3 owner is out.
  auto taken = j->take_over_room("r1", 4);
  REQUIRE(taken.has_value());
  REQUIRE(taken->has_value());
  CHECK((*taken)->room.id == "r1");
  CHECK((*taken)->moves == std::vector<move_row>{sample_move(1)});
  CHECK_FALSE(j->fence_room("r1", 3).value());
  // A stale claim reads nothing, and no room that is not there.
  CHECK_FALSE(j->take_over_room("r1", 2).value().has_value());
  CHECK_FALSE(j->take_over_room("nope", 9).value().has_value());
  CHECK(j->fence_room("r1", 4).value());
}
