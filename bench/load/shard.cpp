#include "shard.hpp"

#include "echo_client.hpp"
#include "game_table.hpp"
#include "idle_client.hpp"
#include "spectator_spread.hpp"

namespace ringside::load {

shard::shard(const options& opts, int index, boost::asio::ip::tcp::endpoint ep,
             const std::atomic<clock::rep>& measure_from,
             std::shared_ptr<boost::asio::ssl::context> tls)
    : opts_(opts),
      tls_(std::move(tls)),
      ep_(std::move(ep)),
      measure_from_(measure_from),
      work_(boost::asio::make_work_guard(ioc_)),
      rng_(opts.seed * std::uint64_t{1000003} + static_cast<std::uint64_t>(index)) {}

shard::~shard() {
  stop();
  // Clients go before the io_context so their sockets close while its services still live.
  tables_.clear();
  echoes_.clear();
  idles_.clear();
  waiting_.clear();
}

namespace {
// How many of `total` items fall to shard `share` of `of` when dealt round-robin.
int dealt(int total, int share, int of) {
  return total / of + (share < total % of ? 1 : 0);
}
}  // namespace

void shard::start(int share, int of) {
  switch (opts_.mode) {
    case run_mode::game: {
      const int games = opts_.connections / 2;
      // Spectators are dealt over all rooms, then each shard takes whole rooms.
      for (int g = share; g < games; g += of) {
        const int specs = dealt(opts_.spectators, g, games);
        tables_.push_back(std::make_unique<game_table>(*this, g, specs));
      }
      break;
    }
    case run_mode::hall: {
      // The most watched rooms are dealt first, so every shard gets some crowds.
      const auto per_room = zipf_spread(opts_.spectators, game_count(opts_), opts_.zipf_s);
      for (std::size_t g = static_cast<std::size_t>(share); g < per_room.size();
           g += static_cast<std::size_t>(of)) {
        tables_.push_back(std::make_unique<game_table>(*this, static_cast<int>(g), per_room[g]));
      }
      break;
    }
    case run_mode::spectate:
      if (share == 0) tables_.push_back(std::make_unique<game_table>(*this, 0, opts_.spectators));
      break;
    case run_mode::echo:
      for (int i = 0; i < dealt(opts_.connections, share, of); ++i) {
        echoes_.push_back(std::make_unique<echo_client>(*this, i * of + share));
      }
      break;
    case run_mode::idle:
      for (int i = 0; i < dealt(opts_.connections, share, of); ++i) {
        idles_.push_back(std::make_unique<idle_client>(*this, i * of + share));
      }
      break;
  }
  boost::asio::post(ioc_, [this] {
    for (auto& t : tables_) t->start();
    for (auto& e : echoes_) e->start();
    for (auto& i : idles_) i->start();
  });
  thread_ = std::thread([this] { ioc_.run(); });
}

void shard::stop() {
  if (!thread_.joinable()) return;
  ioc_.stop();
  thread_.join();
}

std::shared_ptr<client::ws_connection> shard::open(client::ws_connection::handlers h, int route) {
  client::ws_options o;
  // Connect time is bounded so a saturated listen backlog shows up as an error, not a hang;
  // after the handshake the run decides how long a connection lives, not a timer.
  o.connect_timeout = std::chrono::seconds(10);
  o.handshake_timeout = std::chrono::seconds(10);
  o.idle_timeout.reset();
  o.keep_alive_pings = false;
  o.read_message_max = 16 * 1024 * 1024;  // Beast's default, as before
  o.tls = tls_;
  auto c = std::make_shared<client::ws_connection>(
      ioc_,
      client::ws_url{ep_.address().to_string(), std::to_string(ep_.port()),
                     opts_.paths.empty()
                         ? opts_.path
                         : opts_.paths[static_cast<std::size_t>(route) % opts_.paths.size()],
                     opts_.tls},
      o, std::move(h));
  ++stats_.attempted;
  if (opening_ < opts_.connect_concurrency) {
    ++opening_;
    c->start(ep_);
  } else {
    waiting_.push_back(c);
  }
  return c;
}

void shard::opening_done() {
  --opening_;
  while (opening_ < opts_.connect_concurrency && !waiting_.empty()) {
    ++opening_;
    auto c = std::move(waiting_.front());
    waiting_.pop_front();
    c->start(ep_);
  }
}

}  // namespace ringside::load
