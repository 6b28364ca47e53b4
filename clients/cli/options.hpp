#pragma once
// options — the command line of `ringside`.

#include <chrono>
#include <string>

namespace ringside::cli {

struct options {
  std::string server = "ws://127.0.0.1:8080/ws";
  std::string name;       // from --name, else $USER; empty: main asks for one
  bool script = false;    // --script: commands from stdin, one line per event
  bool raw_json = false;  // --json: print protocol messages as they came
  bool color = true;      // off with --no-color, NO_COLOR, or in scripts
  std::chrono::milliseconds timeout{15000};
  std::string ca_file;    // --ca: wss:// servers are checked against this PEM file
  bool insecure = false;  // --insecure: wss:// servers are not checked at all
  bool show_help = false;
  std::string error;  // set when the command line is wrong
};

// Exit statuses of `ringside`, interactive or scripted.
constexpr int exit_ok = 0;
constexpr int exit_unexpected_error = 1;  // a script met an error it did not expect
constexpr int exit_usage = 2;             // a bad command line
constexpr int exit_timeout = 3;           // a script's wait ran out
constexpr int exit_unreachable = 4;       // the first connection failed: nothing to retry

// Parses argv and the environment ($USER, $NO_COLOR).
options parse_options(int argc, char** argv);

// The --help text.
std::string usage_text();

}  // namespace ringside::cli
