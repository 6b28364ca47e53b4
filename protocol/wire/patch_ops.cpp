#include "protocol/wire/patch_ops.hpp"

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <system_error>

namespace ringside::protocol {

using nlohmann::json;

void append_json_string(std::string& out, std::string_view s) {
  // Paths and most values are short plain ASCII; anything else goes through nlohmann, which
  // knows JSON escaping and UTF-8 replacement.
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
      out += json(s).dump(-1, ' ', false, json::error_handler_t::replace);
      return;
    }
  }
  out += '"';
  out += s;
  out += '"';
}

namespace {

// Writes `v` as JSON, as dump() would for the values a state document holds (integers,
// booleans, null, strings, arrays, objects in nlohmann's sorted key order). nlohmann's
// serializer set up per value was most of append()'s cost; floats still go through it.
void append_value(std::string& out, const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      out += "null";
      return;
    case json::value_t::boolean:
      out += v.get<bool>() ? "true" : "false";
      return;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: {
      char buf[24];
      const auto [end, ec] = v.is_number_unsigned()
                                 ? std::to_chars(buf, buf + sizeof buf, v.get<std::uint64_t>())
                                 : std::to_chars(buf, buf + sizeof buf, v.get<std::int64_t>());
      if (ec == std::errc{}) out.append(buf, end);
      return;
    }
    case json::value_t::string:
      append_json_string(out, v.get_ref<const std::string&>());
      return;
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const auto& e : v) {
        if (!first) out += ',';
        first = false;
        append_value(out, e);
      }
      out += ']';
      return;
    }
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, e] : v.items()) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, key);
        out += ':';
        append_value(out, e);
      }
      out += '}';
      return;
    }
    default:
      out += v.dump(-1, ' ', false, json::error_handler_t::replace);
      return;
  }
}

// The compact form's code of an op: a state document's patches only add, remove and replace.
char compact_code(std::string_view op) {
  if (op == "add") return '+';
  if (op == "remove") return '-';
  if (op == "replace") return '=';
  throw std::invalid_argument("patch_ops: no compact code for the op " + std::string(op));
}

}  // namespace

patch_ops::op_text patch_ops::write_op(std::string& out, std::string_view op, std::string_view path,
                                       const json* value) {
  op_text at;
  if (!out.empty()) out += ',';
  out += R"({"op":)";
  append_json_string(out, op);
  out += R"(,"path":)";
  at.path_at = out.size();
  append_json_string(out, path);
  at.path_size = out.size() - at.path_at;
  if (value != nullptr) {
    out += R"(,"value":)";
    at.value_at = out.size();
    append_value(out, *value);
    at.value_size = out.size() - at.value_at;
  }
  out += '}';
  return at;
}

void patch_ops::append(std::string_view op, std::string_view path, const json* value) {
  const char code = compact_code(op);  // first: a throw leaves the ops as they were
  const std::size_t start = items_.size();
  compact_.push_back({code, write_op(items_, op, path, value)});
  ++count_;
  if (!split_) return;
  // The same op's text, without the comma the full text may have put before it.
  const std::string_view text = std::string_view(items_).substr(start);
  const std::string_view bare = text.front() == ',' ? text.substr(1) : text;
  if (!lean_items_.empty()) lean_items_ += ',';
  lean_items_ += bare;
}

void patch_ops::append_unless_lean(std::string_view op, std::string_view path, const json* value) {
  if (!split_) {
    lean_items_ = items_;
    split_ = true;
  }
  write_op(items_, op, path, value);
  ++count_;
}

void patch_ops::append_all(const patch_ops& other) {
  if (other.count_ == 0) return;
  if (other.split_ && !split_) {
    lean_items_ = items_;
    split_ = true;
  }
  if (split_) {
    const std::string& more = other.split_ ? other.lean_items_ : other.items_;
    if (!lean_items_.empty() && !more.empty()) lean_items_ += ',';
    lean_items_ += more;
  }
  // The other's ops land after this text and the comma between them.
  const std::size_t shift = items_.empty() ? 0 : items_.size() + 1;
  for (compact_op c : other.compact_) {
    c.text.path_at += shift;
    if (c.text.value_size > 0) c.text.value_at += shift;
    compact_.push_back(c);
  }
  if (!items_.empty()) items_ += ',';
  items_ += other.items_;
  count_ += other.count_;
}

std::string patch_ops::lean_array_text() const {
  if (!split_) return array_text();
  return "[" + lean_items_ + "]";
}

std::string patch_ops::compact_array_text() const {
  std::string out = "[";
  for (const auto& c : compact_) {
    if (out.size() > 1) out += ',';
    out += "[\"";
    out += c.code;
    out += "\",";
    out.append(items_, c.text.path_at, c.text.path_size);
    if (c.text.value_size > 0) {
      out += ',';
      out.append(items_, c.text.value_at, c.text.value_size);
    }
    out += ']';
  }
  out += ']';
  return out;
}

void patch_ops::write_array(std::string& out) const {
  out += '[';
  out += items_;
  out += ']';
}

std::string patch_ops::array_text() const {
  std::string out;
  out.reserve(items_.size() + 2);
  write_array(out);
  return out;
}

}  // namespace ringside::protocol
