// The transposition table forgets in constant time, and a searcher kept for a thread searches
// after forget() exactly as a new one does.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "engine/common/computer_level.hpp"
#include "engine/common/rng.hpp"
#include "engine/common/transposition_table.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/search.hpp"

namespace ringside::test {

TEST_CASE("transposition table: clear forgets every entry, also across generation wrap") {
  transposition_table<int> tt(std::size_t{1} << 12);
  for (int round = 0; round < 600; ++round) {
    const std::uint64_t key =
        std::uint64_t{0x9e3779b97f4a7c15} * static_cast<std::uint64_t>(round + 1);
    tt.store(key, 7, 42, 3, bound::exact);
    const auto* e = tt.probe(key);
    REQUIRE(e != nullptr);
    CHECK(e->score == 42);
    CHECK(e->best == 7);
    tt.clear();
    CHECK(tt.probe(key) == nullptr);
    // A search's own move is not carried over from a forgotten entry of the same key.
    tt.store(key, 0, 1, 1, bound::upper);
    CHECK(tt.probe(key)->best == 0);
    tt.clear();
  }
}

TEST_CASE("a searcher reused after forget() finds what a new searcher finds, node for node") {
  std::vector<dvonn::position> positions;
  rng r(77);
  dvonn::game g = *dvonn::game::create("standard", 0);
  while (!g.outcome()) {
    if (g.ply() % 7 == 3) positions.push_back(g.current());
    const auto legal = g.legal_moves();
    REQUIRE(g.play(legal[r.below(legal.size())]));
  }
  REQUIRE(positions.size() > 5);
  search_settings set;
  set.limits.max_nodes = 5'000;
  dvonn::searcher kept(std::size_t{1} << 20);
  for (const auto& p : positions) {
    dvonn::searcher fresh(std::size_t{1} << 20);
    const auto a = fresh.run(p, set);
    kept.forget();
    const auto b = kept.run(p, set);
    CHECK(a.best == b.best);
    CHECK(a.info.nodes == b.info.nodes);
    CHECK(a.info.pv == b.info.pv);
  }
}

TEST_CASE("thread_searcher keeps one searcher per table size on a thread") {
  auto& a = thread_searcher<dvonn::search_traits>(std::size_t{1} << 20);
  auto& b = thread_searcher<dvonn::search_traits>(std::size_t{2} << 20);
  CHECK(&a != &b);
  CHECK(&a == &thread_searcher<dvonn::search_traits>(std::size_t{1} << 20));
}

TEST_CASE("forget_thread_searchers frees every game's kept searchers on this thread") {
  thread_searcher<dvonn::search_traits>(std::size_t{1} << 20);
  thread_searcher<dvonn::search_traits>(std::size_t{2} << 20);
  CHECK(kept_searchers<dvonn::search_traits>().size() >= 2);
  forget_thread_searchers();
  CHECK(kept_searchers<dvonn::search_traits>().empty());
  // Made again on the next use, and forgotten again.
  thread_searcher<dvonn::search_traits>(std::size_t{1} << 20);
  CHECK(kept_searchers<dvonn::search_traits>().size() == 1);
  forget_thread_searchers();
  CHECK(kept_searchers<dvonn::search_traits>().empty());
}

}  // namespace ringside::test
