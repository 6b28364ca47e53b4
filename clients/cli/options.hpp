#pragma once
// options — the command line of `ringside`.

#include <chrono>
#include <string>

namespace ringside::cli {

struct options {
  std::string server = "ws://127.0.0.1:8080/ws";
  std::string name;       // from --name, else $USER, else "player"
  bool script = false;    // --script: commands from stdin, one line per event
  bool raw_json = false;  // --json: print protocol messages as they came
  bool color = true;      // off with --no-color, NO_COLOR, or in scripts
  std::chrono::milliseconds timeout{15000};
  bool show_help = false;
  std::string error;  // set when the command line is wrong
};

// Parses argv and the environment ($USER, $NO_COLOR).
options parse_options(int argc, char** argv);

// The --help text.
std::string usage_text();

}  // namespace ringside::cli
