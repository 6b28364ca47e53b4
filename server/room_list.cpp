#include "server/room_list.hpp"

#include <algorithm>
#include <charconv>

#include "protocol/wire/encode.hpp"

namespace ringside::server {

namespace {

bool matches(const protocol::list_rooms& q, std::string_view game, std::string_view status,
             bool computer) {
  if (q.game && game != *q.game) return false;
  if (q.computer && *q.computer != computer) return false;
  switch (q.status) {
    case protocol::room_filter::open:
      return status == "waiting" || status == "playing";
    case protocol::room_filter::waiting:
      return status == "waiting";
    case protocol::room_filter::playing:
      return status == "playing";
    case protocol::room_filter::finished:
      return status == "finished";
    case protocol::room_filter::all:
      return true;
    case protocol::room_filter::invalid:
      return false;
  }
  return false;
}

}  // namespace

std::string room_cursor(std::uint64_t order) {
  std::string out = "r";  // appended: GCC 12 warns falsely (-Wrestrict) on "r" + ...
  out += std::to_string(order);
  return out;
}

std::optional<std::uint64_t> parse_room_cursor(const std::string& text) {
  if (text.size() < 2 || text.front() != 'r') return std::nullopt;
  std::uint64_t order = 0;
  const auto* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data() + 1, end, order);
  if (ec != std::errc() || at != end) return std::nullopt;
  return order;
}

void room_list::put(const std::string& id, std::uint64_t order, nlohmann::json summary,
                    bool listed) {
  if (!listed || summary.is_null()) return erase(id);
  // An entry keeps the place it was first given. A new one whose order is taken (another
  // node's room, ordered by its own clock) goes just after it: the map holds one per order.
  if (const auto known = order_of_.find(id); known != order_of_.end()) {
    order = known->second;
  } else {
    while (by_order_.count(order) != 0) ++order;
  }
  order_of_[id] = order;
  const bool computer = summary.contains("computer");
  by_order_[order] =
      item{id, summary.at("game").get<std::string>(), summary.at("status").get<std::string>(),
           computer, protocol::to_wire(summary)};
  ++generation_;
  first_pages_ = {};
}

void room_list::erase(const std::string& id) {
  const auto it = order_of_.find(id);
  if (it == order_of_.end()) return;
  by_order_.erase(it->second);
  order_of_.erase(it);
  ++generation_;
  first_pages_ = {};
}

std::shared_ptr<const room_page> room_list::page(const protocol::list_rooms& q) {
  const bool first = !q.game && q.status == protocol::room_filter::open &&
                     (q.limit == 0 || static_cast<std::size_t>(q.limit) >= page_size_) && !q.before;
  if (!first) return build(q);
  // One cached page per `computer` filter: none, people's games, computer games.
  const std::size_t slot = !q.computer ? 0 : *q.computer ? 2 : 1;
  auto& cached = first_pages_[slot];
  if (!cached) {
    protocol::list_rooms plain;
    plain.computer = q.computer;
    cached = build(plain);
  }
  return cached;
}

std::shared_ptr<const room_page> room_list::build(const protocol::list_rooms& q) const {
  const std::size_t limit =
      q.limit > 0 ? std::min(static_cast<std::size_t>(q.limit), page_size_) : page_size_;
  auto it = by_order_.begin();
  if (q.before) {
    const auto before = parse_room_cursor(*q.before);
    if (!before) return nullptr;
    it = by_order_.upper_bound(*before);  // the first strictly older than the cursor
  }
  auto out = std::make_shared<room_page>();
  out->rooms = "[";
  std::uint64_t last = 0;
  for (; it != by_order_.end(); ++it) {
    if (!matches(q, it->second.game, it->second.status, it->second.computer)) continue;
    if (out->count == limit) {
      // One more matches: there is a next page, of the rooms older than the last one here.
      out->next = room_cursor(last);
      break;
    }
    if (out->count++ != 0) out->rooms.push_back(',');
    out->rooms += it->second.text;
    last = it->first;
  }
  out->rooms.push_back(']');
  return out;
}

}  // namespace ringside::server
