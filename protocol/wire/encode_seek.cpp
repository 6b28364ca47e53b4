#include "protocol/wire/encode_seek.hpp"

#include "protocol/wire/encode.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

json with_re(json j, const request_id& re) {
  if (!std::holds_alternative<std::monostate>(re)) j["re"] = id_json(re);
  return j;
}

}  // namespace

std::string encode_seeking(const request_id& re, const json& seek) {
  return to_wire(with_re(json{{"type", "seeking"}, {"seek", seek}}, re));
}

std::string encode_paired(const request_id& re, std::string_view seek, std::string_view room,
                          const json& opponent) {
  return to_wire(with_re(
      json{{"type", "paired"}, {"seek", seek}, {"room", room}, {"opponent", opponent}}, re));
}

std::string encode_seek_cancelled(const request_id& re, const std::vector<std::string>& seeks) {
  return to_wire(with_re(json{{"type", "seek_cancelled"}, {"seeks", seeks}}, re));
}

std::string encode_seeks(const request_id& re, const json& seeks, std::size_t total,
                         std::size_t online, std::size_t playing) {
  return to_wire(with_re(json{{"type", "seeks"},
                              {"seeks", seeks},
                              {"total", total},
                              {"online", online},
                              {"playing", playing}},
                         re));
}

}  // namespace ringside::protocol
