#pragma once
// name_rules: what a player's name may be, beyond its length. A name is shown to everyone in
// a room, so it must look like what it is: no invisible or direction-changing characters
// (which make "alice" and "alice" different, or turn the rest of a line around), no spaces
// but single ordinary ones between words, and not the name the server gives its computer
// players ("computer 3"). Issue 15, finding 8.

#include <optional>
#include <string>
#include <string_view>

namespace ringside::protocol {

// Why `name` (valid UTF-8, 1-24 characters) is not acceptable, as a sentence; empty when it
// is.
std::optional<std::string> name_problem(std::string_view name);

// `name` folded for comparing two names as a person reads them: ASCII letters in lower case.
std::string name_key(std::string_view name);

}  // namespace ringside::protocol
