#pragma once
// protocol::patch_ops — RFC 6902 ops written straight to the JSON text a patch frame carries.
// Building nlohmann op objects (a std::map each) and serialising them again cost about as much
// as finding the changes; a move's patch is written once and sent to everyone in the room.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ringside::protocol {

class patch_ops {
 public:
  // Appends {"op":op,"path":path,"value":value}; `value` is left out when null (remove).
  // `path` must already be a JSON Pointer (tokens escaped by the caller).
  void append(std::string_view op, std::string_view path, const nlohmann::json* value);

  // Appends an op that lean clients (docs/protocol.md, hello's `lean`) are not sent: the
  // position text. From then on the ops keep a second text without it.
  void append_unless_lean(std::string_view op, std::string_view path, const nlohmann::json* value);
  // Appends every op of `other`, in order (its lean text to this lean text).
  void append_all(const patch_ops& other);

  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  // The length of the ops' text, without the brackets: what they add to a frame.
  std::size_t text_size() const { return items_.size(); }

  // Writes the ops as a JSON array, "[...]", to the end of `out`.
  void write_array(std::string& out) const;
  // The ops as a JSON array text.
  std::string array_text() const;
  // Whether lean clients get other ops than the rest (an op was appended unless lean).
  bool differs_when_lean() const { return split_; }
  // The ops a lean client gets, as a JSON array text.
  std::string lean_array_text() const;
  // The lean ops in the compact form (docs/protocol.md, hello's `compact`): each op an array
  // [code, path] or [code, path, value], the code "+" add, "-" remove, "=" replace. Built
  // when asked, from the full text's path and value: a room with no compact member never
  // pays for it.
  std::string compact_array_text() const;

 private:
  // Where one op's path and value text lie in `items_` (value_size 0: no value).
  struct op_text {
    std::size_t path_at = 0, path_size = 0, value_at = 0, value_size = 0;
  };
  // Appends one op's text to `out` (after a comma when `out` holds ops already).
  static op_text write_op(std::string& out, std::string_view op, std::string_view path,
                          const nlohmann::json* value);

  std::string items_;  // the ops, comma-separated, without the brackets
  std::size_t count_ = 0;
  std::string lean_items_;  // likewise without the ops appended unless lean, once split_
  bool split_ = false;
  // The lean ops, each as its compact code and its text in `items_`.
  struct compact_op {
    char code;
    op_text text;
  };
  std::vector<compact_op> compact_;
};

// Appends `s` as a JSON string literal (quoted, escaped); invalid UTF-8 is replaced by U+FFFD,
// as to_wire does.
void append_json_string(std::string& out, std::string_view s);

}  // namespace ringside::protocol
