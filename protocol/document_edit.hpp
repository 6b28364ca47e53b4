#pragma once
// The edits a state document makes to itself, each recorded as the RFC 6902 op that a client
// applies to make the same edit to its copy.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

// A JSON Pointer reference token (RFC 6901): '~' and '/' must be escaped in a path.
inline std::string escape_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// Sets `slot`, the document's value at `path`, to `value` and records the replace.
inline void replace(patch_ops& ops, std::string_view path, nlohmann::json& slot,
                    nlohmann::json value) {
  slot = std::move(value);
  ops.append("replace", path, &slot);
}

}  // namespace ringside::protocol
