#include "clients/cli/safe_text.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "common/hex.hpp"

namespace ringside::cli {

std::optional<code_point> decode_utf8(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return code_point{lead, 1};
  std::size_t n = 0;
  char32_t v = 0;
  if ((lead & 0xE0) == 0xC0) {
    n = 2;
    v = lead & 0x1Fu;
  } else if ((lead & 0xF0) == 0xE0) {
    n = 3;
    v = lead & 0x0Fu;
  } else if ((lead & 0xF8) == 0xF0) {
    n = 4;
    v = lead & 0x07u;
  } else {
    return std::nullopt;
  }
  if (i + n > text.size()) return std::nullopt;
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xC0) != 0x80) return std::nullopt;
    v = (v << 6) | (c & 0x3Fu);
  }
  static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < smallest[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return std::nullopt;
  return code_point{v, n};
}

namespace {

// Characters that act on a terminal or on how a line reads: controls, separators that start
// a new line, bidirectional overrides that reorder what follows, and invisible ones that make
// two different names look the same.
bool is_unsafe(char32_t c) {
  if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F)) return true;
  if (c == 0x2028 || c == 0x2029) return true;
  if (c == 0x061C || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E)) return true;
  if (c == 0x2060 || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF) return true;
  return false;
}

void append_u_escape(std::string& out, char32_t c) {
  out += "\\u";
  append_hex(out, static_cast<std::uint32_t>(c), 4);
}

}  // namespace

std::string visible(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto cp = decode_utf8(text, i);
    if (!cp) {
      out += "\\x";
      append_hex(out, static_cast<unsigned char>(text[i]), 2);
      ++i;
      continue;
    }
    const char32_t c = cp->value;
    if (!is_unsafe(c)) {
      out.append(text.substr(i, cp->length));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == 0x1B) {
      out += "\\e";
    } else if (c < 0x80) {
      out += "\\x";
      append_hex(out, static_cast<std::uint32_t>(c), 2);
    } else {
      append_u_escape(out, c);
    }
    i += cp->length;
  }
  return out;
}

bool is_plain_token(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch == '.' || ch == ',' || ch == ':' || ch == '/' || ch == '@' ||
           ch == '+' || ch == '-';
  });
}

std::string script_value(std::string_view text) {
  if (is_plain_token(text)) return std::string(text);
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const auto cp = decode_utf8(text, i);
    if (!cp) {
      out += "\\ufffd";  // JSON cannot carry a stray byte; the replacement character marks it
      ++i;
      continue;
    }
    const char32_t c = cp->value;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (is_unsafe(c)) {
      append_u_escape(out, c);
    } else {
      out.append(text.substr(i, cp->length));
    }
    i += cp->length;
  }
  out += '"';
  return out;
}

}  // namespace ringside::cli
