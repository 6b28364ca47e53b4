#pragma once
// shard: one io_context on one thread, owning a disjoint set of clients (whole rooms, never
// half a room), so clients never share data across threads and need no locks.

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "clients/common/ws_connection.hpp"
#include "options.hpp"
#include "run_stats.hpp"

namespace ringside::load {

class game_table;
class echo_client;
class idle_client;

class shard {
 public:
  using clock = std::chrono::steady_clock;

  // `measure_from` (a steady_clock count) may move while the shard runs: a hall starts
  // measuring once everyone is in, which nobody knows in advance.
  // `tls`: with --tls, the context every wss:// connection checks the server with.
  shard(const options& opts, int index, boost::asio::ip::tcp::endpoint ep,
        const std::atomic<clock::rep>& measure_from,
        std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  ~shard();
  shard(const shard&) = delete;
  shard& operator=(const shard&) = delete;

  // Builds this shard's share of the clients for opts.mode (`share` of every `of` connection
  // or room) and runs them on a new thread.
  void start(int share, int of);
  // Stops the io_context and joins the thread; afterwards stats() is safe to read.
  void stop();

  // A connection to the server with `h`, started now or once fewer than
  // --connect-concurrency connections are opening.
  // `route` picks the path among --path's (game k's connections pass k).
  std::shared_ptr<client::ws_connection> open(client::ws_connection::handlers h, int route = 0);
  // A connection finished opening (welcomed, or failed): lets the next one start.
  void opening_done();

  boost::asio::io_context& ioc() { return ioc_; }
  run_stats& stats() { return stats_; }
  const options& opts() const { return opts_; }
  const boost::asio::ip::tcp::endpoint& endpoint() const { return ep_; }
  std::mt19937_64& rng() { return rng_; }
  // Samples of events that started before this are warm-up and not recorded.
  bool measuring(clock::time_point t) const {
    return t.time_since_epoch().count() >= measure_from_.load(std::memory_order_relaxed);
  }

 private:
  const options& opts_;
  std::shared_ptr<boost::asio::ssl::context> tls_;  // wss:// only
  boost::asio::ip::tcp::endpoint ep_;
  const std::atomic<clock::rep>& measure_from_;
  boost::asio::io_context ioc_{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  run_stats stats_;
  std::mt19937_64 rng_;
  std::deque<std::shared_ptr<client::ws_connection>> waiting_;
  int opening_ = 0;
  std::vector<std::unique_ptr<game_table>> tables_;
  std::vector<std::unique_ptr<echo_client>> echoes_;
  std::vector<std::unique_ptr<idle_client>> idles_;
  std::thread thread_;
};

}  // namespace ringside::load
