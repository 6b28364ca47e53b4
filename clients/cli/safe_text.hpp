#pragma once
// safe_text — every string that came over the wire (names, room ids, chat, error messages)
// passes through here before it reaches the terminal or a script's output. A peer, or anyone
// in the middle of a plain ws:// link, must not be able to move the cursor, clear the screen,
// retitle the window, hide text or start a line of its own that looks like the client's.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::cli {

// One character of UTF-8 text: its code point and the bytes it takes.
struct code_point {
  char32_t value;
  std::size_t length;
};

// The UTF-8 character at text[i], or empty when it is not well formed (overlong forms,
// surrogates and values past U+10FFFF included).
std::optional<code_point> decode_utf8(std::string_view text, std::size_t i);

// `text` with every character that could act on a terminal shown instead: C0 controls and
// DEL as \n \t \r \e or \xNN, C1 controls, line/paragraph separators and bidirectional
// controls as \uXXXX, invalid UTF-8 bytes as \xNN. Printable text (any script) is kept.
std::string visible(std::string_view text);

// One field value of a script line: bare when it is a plain token (letters, digits and
// `_ . , : / @ + -`), otherwise a JSON string literal in which the characters visible()
// would escape are \u escapes. Either way json.loads (or the bare text) gives back exactly
// what was sent, and a value can never end the line or start a field of its own.
std::string script_value(std::string_view text);

// True when `text` would be written bare by script_value.
bool is_plain_token(std::string_view text);

}  // namespace ringside::cli
