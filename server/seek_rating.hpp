#pragma once
// The rating a seek's range is checked against: the seeker's rating in the category of the
// game it seeks (game, variant and the speed its clock gives). A guest, or an account that
// never played that category, counts as Glicko-2's starting rating.

#include <functional>

#include "engine/any_game.hpp"
#include "server/identity.hpp"
#include "server/seek_pool.hpp"

namespace ringside::server {

class journal_writer;

inline constexpr int starting_rating = 1500;

// Calls `done` with the rating, from the journal's reader thread when it has to be read (or at
// once): `done` must only post to strands. Without a journal every seeker counts as 1500.
void read_seek_rating(journal_writer* writer, const identity& who, const any_game& game,
                      const seek_shape& shape, std::function<void(int)> done);

}  // namespace ringside::server
