#pragma once
// store_copy: copies a SQLite journal (a --data directory) into an empty PostgreSQL store,
// so a site that outgrows one machine keeps its games and players: rooms, moves, takebacks,
// identities, accounts, device tokens, ratings and their history, and the server's runs.
// All in one PostgreSQL transaction: a failed copy leaves the target empty.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/common/expected.hpp"

namespace ringside::server {

// How many rows of each table were copied, in copy order.
using copy_counts = std::vector<std::pair<std::string, std::int64_t>>;

// Copies the journal in directory `from` (migrated to the latest schema first) into the
// PostgreSQL store at URL `to` (migrated too). Refuses a target that holds any row.
ringside::expected<copy_counts> copy_store(const std::string& from, const std::string& to);

}  // namespace ringside::server
