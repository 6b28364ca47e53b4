#pragma once
// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF). Bytes from a client that did not come through the JSON parser (a URL's query, a
// header) must pass this before they go into a JSON document, whose serialiser throws on them.

#include <string_view>

namespace ringside::protocol {

bool is_valid_utf8(std::string_view s) noexcept;

}  // namespace ringside::protocol
