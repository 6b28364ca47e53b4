#include "server/chat_history.hpp"

#include <string>

namespace ringside::server {

void chat_history::add(std::string_view from, std::string_view text, std::string_view at) {
  if (capacity_ == 0) return;
  const std::size_t size = from.size() + text.size();
  lines_.push_back({{{"from", std::string(from)}, {"text", std::string(text)}, {"at", std::string(at)}},
                    size});
  bytes_ += size;
  while (!lines_.empty() && (lines_.size() > capacity_ || bytes_ > max_bytes)) {
    bytes_ -= lines_.front().bytes;
    lines_.pop_front();
  }
}

nlohmann::json chat_history::lines() const {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& l : lines_) out.push_back(l.json);
  return out;
}

}  // namespace ringside::server
