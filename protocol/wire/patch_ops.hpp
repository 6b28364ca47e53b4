#pragma once
// protocol::patch_ops — RFC 6902 ops written straight to the JSON text a patch frame carries.
// Building nlohmann op objects (a std::map each) and serialising them again cost about as much
// as finding the changes; a move's patch is written once and sent to everyone in the room.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace ringside::protocol {

class patch_ops {
 public:
  // Appends {"op":op,"path":path,"value":value}; `value` is left out when null (remove).
  // `path` must already be a JSON Pointer (tokens escaped by the caller).
  void append(std::string_view op, std::string_view path, const nlohmann::json* value);

  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }

  // Writes the ops as a JSON array, "[...]", to the end of `out`.
  void write_array(std::string& out) const;
  // The ops as a JSON array text.
  std::string array_text() const;

 private:
  std::string items_;  // the ops, comma-separated, without the brackets
  std::size_t count_ = 0;
};

// Appends `s` as a JSON string literal (quoted, escaped); invalid UTF-8 is replaced by U+FFFD,
// as to_wire does.
void append_json_string(std::string& out, std::string_view s);

}  // namespace ringside::protocol
