#pragma once
// The rating a seek's range is checked against: the seeker's rating in the category of the
// game it seeks. Until ratings exist every player counts as the starting rating; this is the
// one place that will ask the ratings.

#include "server/identity.hpp"
#include "server/seek_pool.hpp"

namespace ringside::server {

inline constexpr int starting_rating = 1500;

inline int seek_rating(const identity& who, const seek_shape& shape) {
  (void)who;
  (void)shape;
  return starting_rating;
}

}  // namespace ringside::server
