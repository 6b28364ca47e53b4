#include "server/chat_history.hpp"

#include <string>

namespace ringside::server {

void chat_history::add(std::string_view from, std::string_view text, std::string_view at) {
  if (capacity_ == 0) return;
  lines_.push_back({{"from", std::string(from)}, {"text", std::string(text)}, {"at", std::string(at)}});
  while (lines_.size() > capacity_) lines_.pop_front();
}

nlohmann::json chat_history::lines() const {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& line : lines_) out.push_back(line);
  return out;
}

}  // namespace ringside::server
