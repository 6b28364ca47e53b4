#include "clients/cli/text_width.hpp"

#include <locale.h>
#include <wchar.h>

#include <algorithm>

#include "clients/cli/safe_text.hpp"

namespace ringside::cli {

namespace {

// The end of the escape sequence starting at text[i] (its final byte, or the last byte).
std::size_t escape_end(std::string_view text, std::size_t i) {
  std::size_t j = i + 1;
  if (j < text.size() && text[j] == '[') {
    ++j;
    while (j < text.size() && !(text[j] >= '@' && text[j] <= '~')) ++j;
  }
  return std::min(j, text.size() - 1);
}

// The character at text[i] (not an escape) and the columns it takes.
struct measured {
  std::size_t length;
  std::size_t columns;
};

measured measure(std::string_view text, std::size_t i) {
  const auto cp = decode_utf8(text, i);
  if (!cp) return {1, 1};
  return {cp->length, static_cast<std::size_t>(column_width(cp->value))};
}

}  // namespace

int column_width(char32_t c) {
  if (c < 0x80) return 1;
  // Made once and never freed: a locale object for wcwidth alone, leaving the process's
  // locale (setlocale in main) as the user set it.
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  if (utf8 == static_cast<locale_t>(0)) return 1;
  const locale_t previous = uselocale(utf8);
  const int width = wcwidth(static_cast<wchar_t>(c));
  uselocale(previous);
  // Unprintable characters never get here unescaped (safe_text); count one if one does.
  return width < 0 ? 1 : width;
}

std::size_t visible_width(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b') {
      i = escape_end(text, i) + 1;
      continue;
    }
    const measured m = measure(text, i);
    n += m.columns;
    i += m.length;
  }
  return n;
}

std::string fit_width(const std::string& text, std::size_t columns) {
  std::string out;
  std::size_t n = 0;
  bool coloured = false;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b') {
      // Escape sequences pass whole and take no column.
      const std::size_t end = escape_end(text, i);
      out.append(text, i, end - i + 1);
      coloured = text.compare(i, end - i + 1, "\x1b[0m") != 0;
      i = end + 1;
      continue;
    }
    const measured m = measure(text, i);
    if (n + m.columns > columns) {
      if (coloured) out += "\x1b[0m";
      return out;
    }
    n += m.columns;
    out.append(text, i, m.length);
    i += m.length;
  }
  return out;
}

}  // namespace ringside::cli
