#include "server/outbox.hpp"

#include <algorithm>
#include <utility>

namespace ringside::server {

bool outbox::full(std::size_t more_bytes) const {
  return queue_.size() >= limits_.max_messages || bytes_ + more_bytes > limits_.max_bytes;
}

bool outbox::stalled(clock::time_point now) const {
  return writing() && now - write_started_ > limits_.write_stall;
}

std::deque<outbox::queued_frame>::iterator outbox::unsent_begin() {
  return queue_.begin() + static_cast<std::ptrdiff_t>(in_flight_);
}

std::vector<std::pair<std::string, std::size_t>>::iterator outbox::find_replaceable(
    const std::string& room) {
  return std::find_if(replaceable_.begin(), replaceable_.end(),
                      [&](const auto& entry) { return entry.first == room; });
}

bool outbox::push(frame_ptr frame, std::string room, clock::time_point now) {
  // Only the game's own traffic left unread closes a connection; chat makes way first.
  if (stalled(now)) return false;
  if (full(frame->size())) drop_chats();
  if (full(frame->size())) return false;
  bytes_ += frame->size();
  if (!room.empty()) {
    const auto it = find_replaceable(room);
    if (it != replaceable_.end()) {
      ++it->second;
    } else {
      replaceable_.emplace_back(room, 1);
    }
  }
  queue_.push_back({std::move(frame), std::move(room)});
  return true;
}

bool outbox::behind(const std::string& room) const {
  const auto waiting = std::find_if(replaceable_.begin(), replaceable_.end(),
                                    [&](const auto& entry) { return entry.first == room; });
  return waiting != replaceable_.end() && waiting->second >= limits_.catch_up_after;
}

void outbox::begin_catch_up(const std::string& room) {
  drop_room(room);
  catching_up_.insert(room);
}

bool outbox::end_catch_up(const std::string& room, frame_ptr frame, clock::time_point now) {
  catching_up_.erase(room);
  return !frame || push(std::move(frame), room, now);
}

bool outbox::push_chat(frame_ptr frame, std::size_t kernel_unsent) {
  if (queue_.size() >= limits_.chat_backlog_frames || bytes_ >= limits_.chat_backlog_bytes ||
      kernel_unsent >= limits_.chat_backlog_bytes) {
    ++missed_chats_;
    ++dropped_chats_;
    return false;
  }
  if (missed_chats_ != 0 && !frame->empty() && frame->back() == '}') {
    auto marked = std::make_shared<std::string>(*frame, 0, frame->size() - 1);
    marked->append(",\"missed\":").append(std::to_string(missed_chats_)).push_back('}');
    frame = std::move(marked);
    missed_chats_ = 0;
  }
  bytes_ += frame->size();
  queue_.push_back({std::move(frame), {}, true});
  return true;
}

outbox::frame_ptr outbox::start_write(clock::time_point now) {
  if (start_writes(now, 1) == 0) return nullptr;
  return queue_.front().text;
}

std::size_t outbox::start_writes(clock::time_point now, std::size_t max) {
  if (writing() || queue_.empty()) return 0;
  in_flight_ = std::min(max, queue_.size());
  write_started_ = now;
  // In flight now: no longer replaceable.
  for (std::size_t i = 0; i < in_flight_; ++i) {
    const std::string& room = queue_[i].room;
    if (room.empty()) continue;
    const auto it = find_replaceable(room);
    if (it != replaceable_.end() && --it->second == 0) replaceable_.erase(it);
  }
  return in_flight_;
}

void outbox::end_write() {
  for (; in_flight_ != 0 && !queue_.empty(); --in_flight_) {
    bytes_ -= queue_.front().text->size();
    queue_.pop_front();
  }
  in_flight_ = 0;
}

void outbox::drop_unsent() {
  while (queue_.size() > in_flight_) {
    bytes_ -= queue_.back().text->size();
    queue_.pop_back();
  }
  replaceable_.clear();
  catching_up_.clear();
}

std::uint64_t outbox::take_dropped_chats() {
  return std::exchange(dropped_chats_, 0);
}

void outbox::drop_chats() {
  const auto kept = std::stable_partition(unsent_begin(), queue_.end(),
                                          [](const queued_frame& f) { return !f.chat; });
  for (auto it = kept; it != queue_.end(); ++it) {
    bytes_ -= it->text->size();
    ++missed_chats_;
    ++dropped_chats_;
  }
  queue_.erase(kept, queue_.end());
}

void outbox::drop_room(const std::string& room) {
  const auto kept = std::stable_partition(unsent_begin(), queue_.end(),
                                          [&](const queued_frame& f) { return f.room != room; });
  for (auto it = kept; it != queue_.end(); ++it) bytes_ -= it->text->size();
  queue_.erase(kept, queue_.end());
  const auto it = find_replaceable(room);
  if (it != replaceable_.end()) replaceable_.erase(it);
}

}  // namespace ringside::server
