#pragma once
// secret_input: a password for `register` and `login`, from RINGSIDE_PASSWORD (scripts) or
// typed at the terminal without echo. Never printed, never kept.

#include <optional>
#include <string>

namespace ringside::cli {

// RINGSIDE_PASSWORD when set; otherwise asks on /dev/tty with `prompt`, echo off. Nothing
// when there is no terminal to ask on.
std::optional<std::string> read_secret(const std::string& prompt);

}  // namespace ringside::cli
