#include "server/computer_pool.hpp"

#include <boost/asio/post.hpp>
#include <variant>

#include "engine/common/computer_player.hpp"
#include "engine/dvonn/computer.hpp"
#include "engine/zertz/computer.hpp"

namespace ringside::server {

namespace {
constexpr std::string_view computer_prefix = "computer-";
}

identity_ptr computer_identity(int level) {
  const std::string n = std::to_string(level);
  return std::make_shared<const identity>(
      identity{std::string(computer_prefix) + n, "computer " + n, {}, level});
}

int computer_level_of(const std::string& player) {
  if (player.size() != computer_prefix.size() + 1 || player.rfind(computer_prefix, 0) != 0) {
    return 0;
  }
  const int level = player.back() - '0';
  return level >= 1 && level <= computer_levels ? level : 0;
}

computer_pool::computer_pool(int threads) : pool_(static_cast<std::size_t>(threads)) {}

computer_pool::~computer_pool() {
  stop();
}

void computer_pool::think(any_game g, computer_request r, std::function<void(computer_move)> done) {
  boost::asio::post(pool_, [g = std::move(g), r, done = std::move(done)] {
    // choose_move is found for the game inside, whichever it is (engine/games.hpp).
    done(std::visit([&](const auto& game) { return choose_move(game, r); }, g.get()));
  });
}

void computer_pool::stop() {
  if (stopped_) return;
  stopped_ = true;
  pool_.stop();
  pool_.join();
}

}  // namespace ringside::server
