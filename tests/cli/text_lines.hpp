#pragma once
// The lines of a text the client drew, for the renderer tests.

#include <sstream>
#include <string>
#include <vector>

namespace ringside::cli::test {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace ringside::cli::test
