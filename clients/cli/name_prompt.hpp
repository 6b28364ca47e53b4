#pragma once
// name_prompt — the name others see, asked for at the terminal when neither --name nor $USER
// gives one (a container, a minimal login): silently playing as "player" would make
// strangers indistinguishable.

#include <iosfwd>
#include <optional>
#include <string>

namespace ringside::cli {

// The longest name the client sends; the server says whether it takes it.
constexpr std::size_t max_name_bytes = 24;

// Asks on `out` and reads lines from `in` until one holds a name (spaces around it dropped,
// cut to max_name_bytes); empty at the end of the input.
std::optional<std::string> ask_name(std::istream& in, std::ostream& out);

}  // namespace ringside::cli
