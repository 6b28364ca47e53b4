#include "server/shared_seek.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "protocol/wire/player_name.hpp"
#include "server/relay_envelope.hpp"

namespace ringside::server {

using nlohmann::json;

namespace {

// A field of `j` of type T, or nullopt when it is missing or of another type.
template <typename T>
std::optional<T> shared_field(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return std::nullopt;
  if constexpr (std::is_same_v<T, std::string>) {
    if (!it->is_string()) return std::nullopt;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!it->is_boolean()) return std::nullopt;
  } else {
    if (!it->is_number_integer()) return std::nullopt;
  }
  return it->get<T>();
}

std::int64_t millis_of(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace

std::string shape_key(const seek_shape& shape) {
  std::string key =
      shape.game.game + "/" + shape.game.variant + "/" + std::to_string(shape.game.board) + "/";
  if (shape.clock) {
    key += std::to_string(shape.clock->initial_s) + "+" + std::to_string(shape.clock->increment_s) +
           "d" + std::to_string(shape.clock->days_per_move);
  } else {
    key += "untimed";
  }
  return key + (shape.rated ? "/rated" : "/casual");
}

std::string shared_seek::encode(std::chrono::steady_clock::time_point steady_now,
                                std::chrono::system_clock::time_point wall_now) const {
  const auto& s = seek;
  const auto keys = protocol::player_name::look_alike_keys(s.name);
  json j{{"id", s.id},
         {"node", node},
         {"player", s.player},
         {"name", s.name},
         {"game", s.shape.game.game},
         {"variant", s.shape.game.variant},
         {"board", s.shape.game.board},
         {"rated", s.shape.rated},
         {"rating", s.rating},
         {"keys", json::array({keys[0], keys[1]})},
         {"since_ms",
          millis_of(wall_now) -
              std::chrono::duration_cast<std::chrono::milliseconds>(steady_now - s.since).count()}};
  if (s.shape.clock) {
    j["initial_s"] = s.shape.clock->initial_s;
    j["increment_s"] = s.shape.clock->increment_s;
    j["days_per_move"] = s.shape.clock->days_per_move;
  }
  if (s.range) {
    j["range_min"] = s.range->min;
    j["range_max"] = s.range->max;
  }
  return j.dump();
}

std::optional<shared_seek> shared_seek::decode(std::string_view entry,
                                               std::chrono::steady_clock::time_point steady_now,
                                               std::chrono::system_clock::time_point wall_now) {
  const auto j = json::parse(entry, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto id = shared_field<std::string>(j, "id");
  const auto node = shared_field<std::string>(j, "node");
  const auto player = shared_field<std::string>(j, "player");
  const auto name = shared_field<std::string>(j, "name");
  const auto game = shared_field<std::string>(j, "game");
  const auto variant = shared_field<std::string>(j, "variant");
  const auto board = shared_field<int>(j, "board");
  const auto rated = shared_field<bool>(j, "rated");
  const auto rating = shared_field<int>(j, "rating");
  const auto since_ms = shared_field<std::int64_t>(j, "since_ms");
  if (!id || !node || !player || !name || !game || !variant || !board || !rated || !rating ||
      !since_ms || !valid_node_id(*node)) {
    return std::nullopt;
  }
  shared_seek out;
  out.node = *node;
  auto& s = out.seek;
  s.id = *id;
  s.player = *player;
  s.name = *name;
  s.shape.game = {*game, *variant, *board};
  s.shape.rated = *rated;
  s.rating = *rating;
  if (j.contains("initial_s")) {
    const auto initial = shared_field<std::int64_t>(j, "initial_s");
    const auto increment = shared_field<std::int64_t>(j, "increment_s");
    const auto days = shared_field<std::int64_t>(j, "days_per_move");
    if (!initial || !increment || !days) return std::nullopt;
    s.shape.clock = protocol::clock_settings{*initial, *increment, *days};
  }
  if (j.contains("range_min")) {
    const auto min = shared_field<int>(j, "range_min");
    const auto max = shared_field<int>(j, "range_max");
    if (!min || !max) return std::nullopt;
    s.range = protocol::rating_range{*min, *max};
  }
  // Another node's wall clock may run a little ahead: a seek is never younger than now.
  const auto waited = std::max<std::int64_t>(0, millis_of(wall_now) - *since_ms);
  s.since = steady_now - std::chrono::milliseconds(waited);
  return out;
}

std::string seek_notice::encode() const {
  auto j = json{{"seek", seek},
                {"room", room},
                {"from", from},
                {"name", opponent_name},
                {"rating", opponent_rating}};
  // Only when set: a node of the version before reads the rest, finds no such seek of its
  // own and ignores it.
  if (declined) j["declined"] = true;
  return j.dump();
}

std::optional<seek_notice> seek_notice::decode(std::string_view payload) {
  const auto j = json::parse(payload, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto seek = shared_field<std::string>(j, "seek");
  const auto room = shared_field<std::string>(j, "room");
  const auto from = shared_field<std::string>(j, "from");
  const auto name = shared_field<std::string>(j, "name");
  const auto rating = shared_field<int>(j, "rating");
  if (!seek || !room || !from || !name || !rating || !valid_node_id(*from) || seek->empty() ||
      room->empty()) {
    return std::nullopt;
  }
  const auto declined = j.find("declined");
  if (declined != j.end() && !declined->is_boolean()) return std::nullopt;
  return seek_notice{*seek, *room,   *from,
                     *name, *rating, declined != j.end() && declined->get<bool>()};
}

std::string seeks_channel(std::string_view node) {
  return "node:" + std::string(node) + ":seeks";
}

}  // namespace ringside::server
