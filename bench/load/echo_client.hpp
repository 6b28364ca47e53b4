#pragma once
// echo_client: sends a frame the size of a move and times its round trip through the echo
// server, at the same per-connection pace a player keeps, for the game layer's baseline.

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "pacer.hpp"

namespace ringside::client {
class ws_connection;
}

namespace ringside::load {

class shard;

class echo_client {
 public:
  using clock = std::chrono::steady_clock;
  echo_client(shard& owner, int index);
  ~echo_client();
  // Queues the connection with the shard's connect limiter.
  void start();

 private:
  void on_message(std::string_view text);
  void on_close(const std::string& why, bool was_open);
  void pump();
  std::string frame(long seq) const;
  // When the send after one at `from` may go: an exponential gap under --moves-per-s.
  clock::time_point draw_next_send(clock::time_point from);

  shard& shard_;
  int index_;
  std::shared_ptr<client::ws_connection> conn_;
  boost::asio::steady_timer timer_;
  pacer pacer_;
  double mean_gap_s_ = 0;  // from --moves-per-s, the mean; zero = only the pacer limits
  clock::time_point next_send_{};
  clock::time_point sent_at_{};
  long seq_ = 0;
  bool in_flight_ = false;
  bool timer_armed_ = false;
  bool opening_ = true;
  bool closed_ = false;
};

}  // namespace ringside::load
