#include "protocol/wire/name_rules.hpp"

#include <cstdint>
#include <cstdio>

namespace ringside::protocol {

namespace {

// The next code point of valid UTF-8 (the JSON parser has checked it), advancing `i`.
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
  std::uint32_t cp = extra == 0   ? b
                     : extra == 1 ? (b & 0x1Fu)
                     : extra == 2 ? (b & 0x0Fu)
                                  : (b & 0x07u);
  ++i;
  for (int k = 0; k < extra && i < s.size(); ++k, ++i) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3Fu);
  }
  return cp;
}

bool is_control(std::uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
}

// Characters that draw nothing, or change the direction of what follows, or look like
// nothing at all: what an impersonator pads a name with.
bool is_invisible(std::uint32_t cp) {
  return cp == 0x00AD                          // soft hyphen
         || cp == 0x034F                       // combining grapheme joiner
         || cp == 0x061C                       // Arabic letter mark
         || cp == 0x115F || cp == 0x1160       // Hangul fillers
         || cp == 0x17B4 || cp == 0x17B5       // Khmer inherent vowels
         || cp == 0x180E                       // Mongolian vowel separator
         || (cp >= 0x200B && cp <= 0x200F)     // zero-width space/joiners, LRM, RLM
         || (cp >= 0x202A && cp <= 0x202E)     // bidi embeddings and overrides
         || (cp >= 0x2060 && cp <= 0x206F)     // word joiner, invisible operators, bidi isolates
         || cp == 0x2800                       // braille blank
         || cp == 0x3164                       // Hangul filler
         || (cp >= 0xFE00 && cp <= 0xFE0F)     // variation selectors
         || cp == 0xFEFF                       // zero-width no-break space
         || cp == 0xFFA0                       // halfwidth Hangul filler
         || (cp >= 0xFFF0 && cp <= 0xFFFB)     // specials, interlinear annotation
         || (cp >= 0xE0000 && cp <= 0xE0FFF);  // tags, variation selectors supplement
}

// Spaces other than U+0020: they look like one and are not.
bool is_other_space(std::uint32_t cp) {
  return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
         cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

std::string hex(std::uint32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

}  // namespace

std::string name_key(std::string_view name) {
  std::string out(name);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::optional<std::string> name_problem(std::string_view name) {
  bool blank = true;
  std::uint32_t previous = ' ';
  for (std::size_t i = 0; i < name.size();) {
    const std::uint32_t cp = next_code_point(name, i);
    if (is_control(cp)) return "the name must contain printable characters only";
    if (is_invisible(cp)) {
      return "the name must not contain invisible or direction-changing characters (it has " +
             hex(cp) + ")";
    }
    if (is_other_space(cp)) {
      return "the only space a name may contain is the ordinary one (it has " + hex(cp) + ")";
    }
    if (cp != ' ') blank = false;
    if (cp == ' ' && previous == ' ' && !blank)
      return "the name must not contain two spaces in a row";
    previous = cp;
  }
  if (blank) return "the name must not be blank";
  if (name.front() == ' ' || name.back() == ' ')
    return "the name must not begin or end with a space";
  // The computer players' names: "computer", "computer 3", "Computer3".
  const std::string key = name_key(name);
  constexpr std::string_view computer = "computer";
  if (key.starts_with(computer)) {
    std::string_view rest = std::string_view(key).substr(computer.size());
    if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.find_first_not_of("0123456789") == std::string_view::npos) {
      return "names like '" + std::string(name) +
             "' are the server's computer players'; choose another";
    }
  }
  return std::nullopt;
}

}  // namespace ringside::protocol
