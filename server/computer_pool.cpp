#include "server/computer_pool.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "engine/computers.hpp"
#include "server/fault_log.hpp"

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

computer_pool::computer_pool(int threads, int niceness) : work_(queue_.get_executor()) {
  for (int i = 0; i < threads; ++i) {
    workers_.emplace_back([this, niceness] {
#ifdef __linux__
      // On Linux a thread is a task with its own nice value: only this worker is lowered.
      setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), niceness);
#else
      (void)niceness;
#endif
      queue_.run();
    });
  }
}

computer_pool::~computer_pool() {
  stop();
}

void computer_pool::think(any_game g, computer_request r, std::function<void(computer_move)> done) {
  boost::asio::post(queue_, [g = std::move(g), r, done = std::move(done)] {
    computer_move m;
    try {
      m = choose_move(g, r);  // the game inside's own computer (engine/computers.hpp)
    } catch (...) {
      // An empty move: the room does not play it. A worker thread must outlive any search.
      spdlog::error("a computer search failed: {}", current_exception_text());
    }
    done(std::move(m));
  });
}

void computer_pool::stop() {
  work_.reset();
  queue_.stop();
  for (auto& t : workers_) {
    if (t.joinable()) t.join();
  }
}

}  // namespace ringside::server
