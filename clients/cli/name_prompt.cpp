#include "clients/cli/name_prompt.hpp"

#include <istream>
#include <ostream>

namespace ringside::cli {

std::optional<std::string> ask_name(std::istream& in, std::ostream& out) {
  constexpr std::string_view space = " \t\r";
  for (;;) {
    out << "Your name (others see it; --name NAME or $USER skip this question): " << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
      out << "\n";
      return std::nullopt;
    }
    const auto first = line.find_first_not_of(space);
    if (first == std::string::npos) continue;
    std::string name = line.substr(first, line.find_last_not_of(space) - first + 1);
    // Cut on a character's first byte, never inside a UTF-8 sequence.
    if (name.size() > max_name_bytes) {
      std::size_t cut = max_name_bytes;
      while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
      name.resize(cut);
    }
    return name;
  }
}

}  // namespace ringside::cli
