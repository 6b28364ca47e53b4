#pragma once
// rng: a small seeded generator (splitmix64) for the searchers' noise and the match tool's
// openings. The same seed gives the same sequence on every platform, so a game can be replayed
// from its seed; std::mt19937's distributions are not specified that tightly.

#include <cstdint>

namespace ringside {

class rng {
 public:
  explicit rng(std::uint64_t seed) : state_(seed) {}

  // The next 64 random bits.
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // A number in [0, n); n > 0. The tiny bias of the modulo does not matter for play.
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  int below(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }
  // A number in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

// A seed derived from another and an index: the match tool's game i, a search's noise.
inline std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t index) {
  rng r(seed ^ (index * 0xd1b54a32d192ed03ULL));
  return r.next();
}

}  // namespace ringside
