#include "clients/cli/room_view.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <optional>

namespace ringside::cli {

using nlohmann::json;

std::string room_view::status() const {
  const auto it = state().find("status");
  return it != state().end() && it->is_string() ? it->get<std::string>() : std::string();
}

int room_view::to_move() const {
  const auto it = state().find("to_move");
  return it != state().end() && it->is_number_integer() ? it->get<int>() : 0;
}

bool room_view::my_turn() const {
  return seat_.has_value() && status() == "playing" && to_move() == *seat_;
}

std::string room_view::game() const {
  const auto it = state().find("game");
  return it != state().end() && it->is_string() ? it->get<std::string>() : std::string();
}

namespace {

// "2026-11-26T10:00:00.123Z" as unix ms; empty for anything else.
std::optional<long long> unix_ms_of_iso(const std::string& iso) {
  std::tm tm{};
  const char* rest = strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%S", &tm);
  if (rest == nullptr) return std::nullopt;
  long long ms = 0;
  if (rest[0] == '.' && std::isdigit(static_cast<unsigned char>(rest[1])) &&
      std::isdigit(static_cast<unsigned char>(rest[2])) &&
      std::isdigit(static_cast<unsigned char>(rest[3])))
    ms = (rest[1] - '0') * 100 + (rest[2] - '0') * 10 + (rest[3] - '0');
  return static_cast<long long>(timegm(&tm)) * 1000 + ms;
}

json clock_field(const json& state, std::size_t i) {
  const auto players = state.find("players");
  if (players == state.end() || !players->is_array() || players->size() <= i) return nullptr;
  const json& p = (*players)[i];
  if (!p.is_object()) return nullptr;
  const auto ms = p.find("clock_ms");
  return ms != p.end() && ms->is_number_integer() ? *ms : json(nullptr);
}

}  // namespace

void room_view::note_change(std::chrono::steady_clock::time_point now) {
  const auto ply = state().find("ply");
  json key = {status(), to_move(), ply != state().end() ? *ply : json(nullptr),
              clock_field(state(), 0), clock_field(state(), 1)};
  if (key == turn_key_) return;
  turn_key_ = std::move(key);
  turn_since_ = now;
}

std::optional<long long> room_view::clock_ms(int seat,
                                             std::chrono::steady_clock::time_point now) const {
  if (seat != 1 && seat != 2) return std::nullopt;
  const json ms = clock_field(state(), static_cast<std::size_t>(seat - 1));
  if (!ms.is_number_integer()) return std::nullopt;
  long long left = ms.get<long long>();
  const json& p = state().at("players")[static_cast<std::size_t>(seat - 1)];
  // A player's clock starts with their first move (protocol.md, Clocks).
  if (const auto started = p.find("clock_started"); started != p.end() && *started == false)
    return left;
  // A correspondence turn ends at a date: counted from it.
  if (const auto due = p.find("deadline"); due != p.end() && due->is_string()) {
    if (const auto at = unix_ms_of_iso(due->get<std::string>())) {
      const auto wall = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::system_clock::now().time_since_epoch());
      return std::max(0LL, *at - static_cast<long long>(wall.count()));
    }
  }
  if (status() == "playing" && to_move() == seat && now > turn_since_)
    left -= std::chrono::duration_cast<std::chrono::milliseconds>(now - turn_since_).count();
  return std::max(0LL, left);
}

}  // namespace ringside::cli
