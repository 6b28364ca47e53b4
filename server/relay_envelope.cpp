#include "server/relay_envelope.hpp"

#include <nlohmann/json.hpp>

namespace ringside::server {

namespace {

using json = nlohmann::json;

// Past this a request is no client's message (a client's frame is far smaller).
constexpr std::size_t largest_text = 1 << 20;

const char* kind_name(relay_envelope::kind k) {
  switch (k) {
    case relay_envelope::kind::request:
      return "request";
    case relay_envelope::kind::gone:
      return "gone";
    case relay_envelope::kind::frame:
      return "frame";
    case relay_envelope::kind::attached:
      return "attached";
    case relay_envelope::kind::detached:
      return "detached";
    case relay_envelope::kind::done:
      return "done";
  }
  return "";
}

std::optional<relay_envelope::kind> kind_named(const std::string& name) {
  using k = relay_envelope::kind;
  for (const auto each : {k::request, k::gone, k::frame, k::attached, k::detached, k::done}) {
    if (name == kind_name(each)) return each;
  }
  return std::nullopt;
}

bool read_text(const json& j, const char* key, std::string& out, bool required) {
  const auto it = j.find(key);
  if (it == j.end()) return !required;
  if (!it->is_string()) return false;
  out = it->get<std::string>();
  return out.size() <= largest_text;
}

bool read_number(const json& j, const char* key, std::uint64_t& out) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) return false;
  out = it->get<std::uint64_t>();
  return true;
}

}  // namespace

bool valid_node_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 &&
         id.find_first_not_of(
             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") ==
             std::string_view::npos;
}

std::string requests_channel(std::string_view node) {
  return "node:" + std::string(node) + ":requests";
}

std::string replies_channel(std::string_view node) {
  return "node:" + std::string(node) + ":replies";
}

std::string relay_envelope::encode() const {
  json j{{"kind", kind_name(what)}, {"from", from}, {"peer", peer}};
  switch (what) {
    case kind::request:
      j["req"] = req;
      if (!run.empty()) j["run"] = run;
      j["token"] = token;
      j["address"] = address;
      j["text"] = text;
      break;
    case kind::done:
      j["req"] = req;
      break;
    case kind::frame:
      j["text"] = text;
      break;
    case kind::attached:
    case kind::detached:
      j["room"] = room;
      break;
    case kind::gone:
      break;
  }
  // Frames are the server's own UTF-8; anything else is replaced rather than thrown on.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<relay_envelope> relay_envelope::decode(std::string_view payload) {
  const auto j = json::parse(payload.begin(), payload.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  relay_envelope e;
  std::string name;
  if (!read_text(j, "kind", name, true)) return std::nullopt;
  const auto k = kind_named(name);
  if (!k) return std::nullopt;
  e.what = *k;
  if (!read_text(j, "from", e.from, true) || !valid_node_id(e.from)) return std::nullopt;
  if (!read_number(j, "peer", e.peer) || e.peer == 0) return std::nullopt;
  switch (e.what) {
    case kind::request:
      if (!read_number(j, "req", e.req) || !read_text(j, "run", e.run, false) ||
          !read_text(j, "token", e.token, true) || e.token.empty() ||
          !read_text(j, "address", e.address, true) || !read_text(j, "text", e.text, true)) {
        return std::nullopt;
      }
      break;
    case kind::done:
      if (!read_number(j, "req", e.req)) return std::nullopt;
      break;
    case kind::frame:
      if (!read_text(j, "text", e.text, true)) return std::nullopt;
      break;
    case kind::attached:
    case kind::detached:
      if (!read_text(j, "room", e.room, true) || e.room.empty()) return std::nullopt;
      break;
    case kind::gone:
      break;
  }
  return e;
}

}  // namespace ringside::server
