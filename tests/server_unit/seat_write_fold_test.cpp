// seat_write_fold: which seat writes of a batch a later one supersedes, and which must run
// because something queued between them may see the room's seats.
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "server/seat_write_fold.hpp"

namespace {

using ringside::server::journal_write_scope;
using ringside::server::seat_write_fold;

std::vector<std::size_t> plan_of(const std::vector<journal_write_scope>& batch) {
  std::vector<const journal_write_scope*> scopes;
  for (const auto& s : batch) scopes.push_back(&s);
  return seat_write_fold::plan(scopes);
}

const auto seats_a = journal_write_scope::seats_of("a");
const auto seats_b = journal_write_scope::seats_of("b");
const auto move_a = journal_write_scope::of_room("a");
const auto move_b = journal_write_scope::of_room("b");
const auto anything = journal_write_scope::anything();

}  // namespace

TEST_CASE("seat_write_fold: a run of one room's seat writes runs only its last") {
  CHECK(plan_of({seats_a, seats_a, seats_a}) == std::vector<std::size_t>{2, 2, 2});
  CHECK(plan_of({seats_a}) == std::vector<std::size_t>{0});
  CHECK(plan_of({}).empty());
}

TEST_CASE("seat_write_fold: each room folds into its own last seat write") {
  CHECK(plan_of({seats_a, seats_b, seats_a, seats_b, seats_a}) ==
        std::vector<std::size_t>{4, 3, 4, 3, 4});
}

TEST_CASE("seat_write_fold: another room's move or ending does not stop the fold") {
  CHECK(plan_of({seats_a, move_b, seats_a}) == std::vector<std::size_t>{2, 1, 2});
}

TEST_CASE("seat_write_fold: the room's own move or ending keeps the seats written before it") {
  // An ending stores the seats as they were when it was queued, and a finished room's seats
  // no longer change: the write before it must land first.
  CHECK(plan_of({seats_a, move_a, seats_a}) == std::vector<std::size_t>{0, 1, 2});
  CHECK(plan_of({seats_a, seats_a, move_a, seats_a, seats_a}) ==
        std::vector<std::size_t>{1, 1, 2, 4, 4});
}

TEST_CASE("seat_write_fold: an unscoped write (an identity prune) folds nothing across it") {
  CHECK(plan_of({seats_a, anything, seats_a}) == std::vector<std::size_t>{0, 1, 2});
  CHECK(plan_of({seats_a, seats_b, anything, seats_b, seats_a}) ==
        std::vector<std::size_t>{0, 1, 2, 3, 4});
}

TEST_CASE("seat_write_fold: only seat writes fold, never a move or an unscoped write") {
  CHECK(plan_of({move_a, move_a, anything, anything}) == std::vector<std::size_t>{0, 1, 2, 3});
}
