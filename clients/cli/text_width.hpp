#pragma once
// text_width — how many terminal columns text takes, and text cut to a number of columns.
// A CJK character or an emoji takes two columns, a combining accent none, so a layout that
// counted characters would push a panel to the right of every line with a Japanese name.

#include <cstddef>
#include <string>
#include <string_view>

namespace ringside::cli {

// Columns the character `c` takes on a terminal: 0, 1 or 2 (wcwidth of the C.UTF-8 locale,
// whatever the process's own locale is, since what is measured is always UTF-8).
int column_width(char32_t c);

// Columns of `text`: escape sequences take none, each UTF-8 character its column_width, a
// byte that is not UTF-8 one.
std::size_t visible_width(std::string_view text);

// `text` cut to `columns` visible columns, escape sequences kept (and colour reset when cut);
// a wide character that would straddle the edge is left out whole.
std::string fit_width(const std::string& text, std::size_t columns);

}  // namespace ringside::cli
