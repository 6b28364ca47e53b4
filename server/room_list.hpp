#pragma once
// room_list: the lobby's list of rooms, newest first, and its pages. A page is the newest
// `limit` rooms matching a game, status and computer filter, older than an optional cursor
// (`before`, the `next` of the previous page). Kept sorted as rooms come, change and go, so a page
// costs what it returns, not the number of rooms; the default first page (the one every lobby
// screen and GET /api/rooms asks for) is built once per change and served from a cache until the
// next. Used only on the lobby's strand.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "protocol/wire/messages.hpp"

namespace ringside::server {

struct room_page {
  std::string rooms = "[]";         // JSON text of the room summaries, newest first
  std::size_t count = 0;            // how many there are
  std::optional<std::string> next;  // the cursor of the page after, if any
};

class room_list {
 public:
  // `page_size`: rooms per page when a request names no limit, and the most it may name.
  explicit room_list(std::size_t page_size) : page_size_(page_size) {}

  // Adds or replaces the entry of room `id`; `order` grows with each room made (the newest
  // has the largest). An unlisted (private) room is kept out. An entry keeps its first order.
  void put(const std::string& id, std::uint64_t order, nlohmann::json summary, bool listed);
  void erase(const std::string& id);

  // The page `q` asks for; null when its cursor is not one this list gave. The default first
  // page (no game, no cursor, open rooms, page_size of them), with or without a `computer`
  // filter, is a cached one.
  std::shared_ptr<const room_page> page(const protocol::list_rooms& q);
  // Bumped at every change; a cache built from an older generation is stale.
  std::uint64_t generation() const { return generation_; }
  std::size_t size() const { return by_order_.size(); }

 private:
  struct item {
    std::string id;
    std::string game;
    std::string status;
    bool computer = false;  // a game against the computer (its summary has `computer`)
    std::string text;       // the summary, serialised once per change of the room
  };

  std::shared_ptr<const room_page> build(const protocol::list_rooms& q) const;

  std::size_t page_size_;
  std::map<std::uint64_t, item, std::greater<>> by_order_;  // newest first
  std::unordered_map<std::string, std::uint64_t> order_of_;
  std::uint64_t generation_ = 0;
  // The default first page for each `computer` filter (none, false, true): caches, reset at
  // every change.
  std::array<std::shared_ptr<const room_page>, 3> first_pages_;
};

// The cursor text for the entry of `order`, and back (nullopt for text not made here).
std::string room_cursor(std::uint64_t order);
std::optional<std::uint64_t> parse_room_cursor(const std::string& text);

}  // namespace ringside::server
