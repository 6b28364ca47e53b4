#include "clients/cli/player_text.hpp"

#include <ctime>

#include "clients/cli/safe_text.hpp"

namespace ringside::cli {

namespace {

using json = nlohmann::json;

std::string text_of(const json& page, const char* key) {
  const auto it = page.find(key);
  return it != page.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::int64_t number_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<std::int64_t>() : 0;
}

bool flag_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

const json& list_of(const json& page, const char* key) {
  static const json empty = json::array();
  const auto it = page.find(key);
  return it != page.end() && it->is_array() ? *it : empty;
}

// "2026-11-26 11:20" in the local time zone.
std::string when(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm local{};
  localtime_r(&t, &local);
  char out[32];
  return std::strftime(out, sizeof out, "%Y-%m-%d %H:%M", &local) ? out : "";
}

std::string padded(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

std::string player_summary_text(const json& page) {
  const json& counts = page.contains("counts") ? page.at("counts") : json::object();
  const auto wins = number_of(counts, "wins");
  const auto losses = number_of(counts, "losses");
  const auto draws = number_of(counts, "draws");
  std::string out = visible(text_of(page, "name"));
  if (flag_of(page, "guest")) out += " (guest)";
  out += ": " + std::to_string(wins + losses + draws) + " games, " + std::to_string(wins) +
         " won, " + std::to_string(losses) + " lost, " + std::to_string(draws) + " drawn\n";
  const json& ratings = list_of(page, "ratings");
  if (ratings.empty()) out += "  no rated games yet\n";
  for (const auto& r : ratings) {
    if (!r.is_object()) continue;
    out += "  " + visible(text_of(r, "category")) + " " + std::to_string(number_of(r, "rating")) +
           (flag_of(r, "provisional") ? "?" : "") + " ±" +
           std::to_string(number_of(r, "deviation")) + " (" +
           std::to_string(number_of(r, "games")) + " games)\n";
  }
  return out;
}

std::string player_games_text(const json& page) {
  const json& games = list_of(page, "games");
  if (games.empty()) return "  no finished games\n";
  std::string out;
  for (const auto& g : games) {
    if (!g.is_object()) continue;
    out += "  " + padded(visible(text_of(g, "result")), 5) + " " +
           padded(visible(text_of(g, "game")) + " " + visible(text_of(g, "variant")), 16) +
           " vs " + padded(visible(text_of(g, "opponent")), 12) + " " +
           padded(visible(text_of(g, "reason")), 14) + " " + when(number_of(g, "finished_ms")) +
           "  room " + visible(text_of(g, "room")) + "\n";
  }
  if (page.contains("next") && page.at("next").is_string()) out += "  (older games on the player's page)\n";
  return out;
}

std::string player_summary_line(const json& page) {
  const json& counts = page.contains("counts") ? page.at("counts") : json::object();
  return "player name=" + script_value(text_of(page, "name")) +
         " wins=" + std::to_string(number_of(counts, "wins")) +
         " losses=" + std::to_string(number_of(counts, "losses")) +
         " draws=" + std::to_string(number_of(counts, "draws")) +
         " ratings=" + std::to_string(list_of(page, "ratings").size()) + "\n";
}

std::string player_games_lines(const json& page) {
  std::string out;
  for (const auto& g : list_of(page, "games")) {
    if (!g.is_object()) continue;
    out += "game room=" + script_value(text_of(g, "room")) +
           " game=" + script_value(text_of(g, "game")) +
           " variant=" + script_value(text_of(g, "variant")) +
           " result=" + script_value(text_of(g, "result")) +
           " opponent=" + script_value(text_of(g, "opponent")) +
           " reason=" + script_value(text_of(g, "reason")) +
           " color=" + std::to_string(number_of(g, "color")) + "\n";
  }
  return out;
}

}  // namespace ringside::cli
