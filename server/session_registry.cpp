#include "server/session_registry.hpp"

#include <boost/asio/post.hpp>

namespace ringside::server {

namespace net = boost::asio;

session_registry::session_registry(net::io_context& ioc) : strand_(net::make_strand(ioc)) {}

void session_registry::add(std::uint64_t id, std::weak_ptr<peer> p) {
  net::post(strand_, [this, id, p = std::move(p)] {
    if (closing_) {
      if (const auto s = p.lock()) s->go_away();
      return;
    }
    sessions_.emplace(id, p);
  });
}

void session_registry::remove(std::uint64_t id) {
  net::post(strand_, [this, id] { sessions_.erase(id); });
}

void session_registry::close_all() {
  net::post(strand_, [this] {
    closing_ = true;
    for (const auto& [id, p] : sessions_) {
      if (const auto s = p.lock()) s->go_away();
    }
  });
}

}  // namespace ringside::server
