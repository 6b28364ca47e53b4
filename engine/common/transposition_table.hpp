#pragma once
// transposition_table<Move>: what a search learnt about positions it has met, by Zobrist key.
//
// One table belongs to one search (or one thread's searches), never to two at once: the server
// runs searches on several worker threads, and a shared table would need locks or tolerate
// torn entries. Buckets of two: one slot keeps the deepest result, the other the newest.
//
// clear() forgets everything at once by starting a new generation: entries stamped with an
// older one read as empty, so a thread can keep one table for all its searches instead of
// zeroing (or allocating) megabytes before each, and still search as if the table were new.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ringside {

enum class bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

template <class Move>
struct tt_entry {
  std::uint64_t key = 0;
  Move best{};
  std::int16_t score = 0;
  std::int8_t depth = 0;
  bound kind = bound::none;
  std::uint8_t generation = 0;
};

template <class Move>
class transposition_table {
 public:
  // A table of about `bytes` bytes (rounded down to a power of two of buckets, at least one).
  explicit transposition_table(std::size_t bytes) {
    std::size_t n = 1;
    while (n * 2 * sizeof(bucket) <= bytes) n *= 2;
    buckets_.resize(n);
    mask_ = n - 1;
  }

  // The entry stored for `key`, or nullptr.
  const tt_entry<Move>* probe(std::uint64_t key) const {
    const bucket& b = buckets_[key & mask_];
    for (const auto& e : b.slot) {
      if (e.key == key && live(e)) return &e;
    }
    return nullptr;
  }

  // Stores a result; a shallower result never evicts a deeper one of another position from
  // the first slot, it goes to the second.
  void store(std::uint64_t key, Move best, int score, int depth, bound kind) {
    bucket& b = buckets_[key & mask_];
    tt_entry<Move>* e = &b.slot[1];
    if (b.slot[0].key == key || !live(b.slot[0]) || depth >= b.slot[0].depth) {
      e = &b.slot[0];
    }
    // Keep the move of an earlier search of the same position when this one found none.
    if (e->key == key && live(*e) && best == Move{}) best = e->best;
    *e = tt_entry<Move>{
        key,  best,       static_cast<std::int16_t>(score), static_cast<std::int8_t>(depth),
        kind, generation_};
  }

  // Forgets every entry: in constant time, but for one full wipe every 255 generations.
  void clear() {
    if (++generation_ == 0) {
      for (auto& b : buckets_) b = bucket{};
      generation_ = 1;
    }
  }
  std::size_t bytes() const { return buckets_.size() * sizeof(bucket); }
  std::size_t entries() const { return buckets_.size() * 2; }

 private:
  bool live(const tt_entry<Move>& e) const {
    return e.kind != bound::none && e.generation == generation_;
  }
  struct bucket {
    tt_entry<Move> slot[2];
  };
  std::vector<bucket> buckets_;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 1;  // fresh buckets hold generation 0: empty
};

}  // namespace ringside
