#include "clients/cli/review_stepper.hpp"

#include <algorithm>
#include <charconv>

namespace ringside::cli {

using nlohmann::json;

std::optional<review_stepper> review_stepper::from_answer(const std::string& body) {
  review_stepper r;
  r.data_ = json::parse(body, nullptr, false);
  const json& d = r.data_;
  if (!d.is_object() || !d.contains("positions") || !d["positions"].is_array() ||
      d["positions"].empty() || !d.contains("history") || !d["history"].is_array() ||
      !d.contains("room") || !d["room"].is_string()) {
    return std::nullopt;
  }
  r.room_ = d["room"].get<std::string>();
  r.last_ = static_cast<int>(d["positions"].size()) - 1;
  r.ply_ = r.last_;
  return r;
}

bool review_stepper::step(std::string_view word) {
  int to = ply_;
  if (word == "n" || word == "next") {
    to = ply_ + 1;
  } else if (word == "p" || word == "prev") {
    to = ply_ - 1;
  } else if (word == "first") {
    to = 0;
  } else if (word == "last") {
    to = last_;
  } else {
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), to);
    if (ec != std::errc() || end != word.data() + word.size()) return false;
  }
  ply_ = std::clamp(to, 0, last_);
  return true;
}

json review_stepper::state() const {
  json s = data_["positions"][static_cast<std::size_t>(ply_)];
  if (!s.is_object()) return json::object();
  const auto cut = [&](const char* key) {
    json part = json::array();
    const json& all = data_.contains(key) && data_[key].is_array() ? data_[key] : json::array();
    for (std::size_t i = 0; i < all.size() && i < static_cast<std::size_t>(ply_); ++i) {
      part.push_back(all[i]);
    }
    return part;
  };
  // Presence is not replayed (every player is offline in a position): not "away" then.
  if (s.contains("players") && s["players"].is_array()) {
    for (auto& p : s["players"]) {
      if (p.is_object()) p.erase("online");
    }
  }
  s["history"] = cut("history");
  s["history_by"] = cut("history_by");
  return s;
}

std::string review_stepper::where() const {
  std::string text = "Review of " + room_ + ": ";
  text += ply_ == 0 ? "the first position" : "move " + std::to_string(ply_);
  text += " of " + std::to_string(last_);
  const json& history = data_["history"];
  if (ply_ > 0 && static_cast<std::size_t>(ply_) <= history.size() &&
      history[static_cast<std::size_t>(ply_ - 1)].is_string()) {
    text += " (" + history[static_cast<std::size_t>(ply_ - 1)].get<std::string>() + ")";
  }
  return text + " · n, p, first, last, a number; q to leave";
}

}  // namespace ringside::cli
