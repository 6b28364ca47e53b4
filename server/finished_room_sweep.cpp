#include "server/finished_room_sweep.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>

#include "server/room_registry.hpp"

namespace ringside::server {

finished_room_sweep::finished_room_sweep(boost::asio::io_context& ioc, room_registry& rooms,
                                         finished_retention rule)
    : rooms_(rooms), rule_(rule), timer_(boost::asio::make_strand(ioc)) {}

void finished_room_sweep::start() {
  if (rule_.prunes_any()) sweep_and_wait();
}

void finished_room_sweep::stop() {
  boost::asio::post(timer_.get_executor(), [this] {
    stopped_ = true;
    timer_.cancel();
  });
}

void finished_room_sweep::sweep_and_wait() {
  if (stopped_) return;
  rooms_.sweep_finished_rooms(rule_);
  timer_.expires_after(std::chrono::hours(1));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) sweep_and_wait();
  });
}

}  // namespace ringside::server
