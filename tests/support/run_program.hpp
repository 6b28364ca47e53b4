#pragma once
// A program run as a user runs it, through the shell: its exit status and what it printed.
// For the tests of the command-line tools and the terminal client's command line.

#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace ringside::test {

struct program_result {
  int status = -1;  // the exit status, -1 when it did not exit (a signal)
  std::string out;  // stdout and stderr together
};

// Runs `program` with `args` (shell words, quoted as the shell wants them).
inline program_result run_program(const std::string& program, const std::string& args) {
  program_result r;
  const std::string cmd = "'" + program + "' " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

}  // namespace ringside::test
