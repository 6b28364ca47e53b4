#include "clients/common/patch_form.hpp"

#include <stdexcept>

namespace ringside::client {

using nlohmann::json;

namespace {

json rfc6902_op(const json& op) {
  if (!op.is_array()) return op;
  const auto malformed = [&] { return std::invalid_argument("not a patch op: " + op.dump()); };
  if (op.size() < 2 || !op[0].is_string() || !op[1].is_string()) throw malformed();
  const auto& code = op[0].get_ref<const std::string&>();
  if (code == "-" && op.size() == 2) return {{"op", "remove"}, {"path", op[1]}};
  if ((code == "+" || code == "=") && op.size() == 3) {
    return {{"op", code == "+" ? "add" : "replace"}, {"path", op[1]}, {"value", op[2]}};
  }
  throw malformed();
}

}  // namespace

bool has_compact_op(const json& ops) {
  if (!ops.is_array()) return false;
  for (const auto& op : ops) {
    if (op.is_array()) return true;
  }
  return false;
}

json rfc6902_ops(const json& ops) {
  if (!ops.is_array()) return ops;  // json::patch refuses it as it should
  json out = json::array();
  for (const auto& op : ops) out.push_back(rfc6902_op(op));
  return out;
}

}  // namespace ringside::client
