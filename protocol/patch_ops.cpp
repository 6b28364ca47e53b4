#include "protocol/patch_ops.hpp"

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

void patch_ops::append(std::string_view op, std::string_view path, const json* value) {
  if (count_ != 0) items_ += ',';
  items_ += R"({"op":)";
  append_json_string(items_, op);
  items_ += R"(,"path":)";
  append_json_string(items_, path);
  if (value != nullptr) {
    items_ += R"(,"value":)";
    if (value->is_string()) {
      append_json_string(items_, value->get_ref<const std::string&>());
    } else {
      items_ += value->dump(-1, ' ', false, json::error_handler_t::replace);
    }
  }
  items_ += '}';
  ++count_;
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
