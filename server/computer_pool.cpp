#include "server/computer_pool.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <optional>

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

computer_pool::computer_pool(int threads, int niceness, std::size_t max_queued,
                             std::atomic<std::int64_t>* queued_gauge)
    : scheduler_(max_queued), queued_gauge_(queued_gauge) {
  // The quick lane's own worker: a beginner's move never waits for a strong level's search.
  workers_.emplace_back([this, niceness] { work(false, niceness); });
  for (int i = 0; i < threads; ++i) {
    workers_.emplace_back([this, niceness] { work(true, niceness); });
  }
}

computer_pool::~computer_pool() {
  stop();
}

void computer_pool::work(bool deep_too, int niceness) {
#ifdef __linux__
  // On Linux a thread is a task with its own nice value: only this worker is lowered.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), niceness);
#else
  (void)niceness;
#endif
  std::unique_lock lock(mutex_);
  for (;;) {
    std::optional<std::uint64_t> id;
    wake_.wait(lock, [&] { return stopping_ || (id = scheduler_.next(deep_too)).has_value(); });
    if (stopping_) return;
    auto node = pending_.extract(*id);
    if (queued_gauge_) queued_gauge_->store(static_cast<std::int64_t>(scheduler_.size()));
    lock.unlock();
    pending& job = node.mapped();
    const bool cancelled = job.request.cancel && job.request.cancel->load();
    if (job.request.clock) {
      // The room's clock ran while the search waited for its turn: budget from what is left now.
      const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - job.queued_at);
      job.request.clock->remaining_ms =
          std::max<std::int64_t>(0, job.request.clock->remaining_ms - waited.count());
    }
    // The game inside's own computer (engine/computers.hpp); a closed room's is skipped.
    computer_move m;
    try {
      if (!cancelled) m = choose_move(job.game, job.request);
    } catch (...) {
      // An empty move: the room does not play it. A worker thread must outlive any search.
      spdlog::error("a computer search failed: {}", current_exception_text());
    }
    job.done(std::move(m));
    lock.lock();
    if (scheduler_.size() == 0) {
      // Nothing waits: give the strong levels' tables back rather than hold them idle.
      lock.unlock();
      release_search_tables();
      lock.lock();
    }
  }
}

bool computer_pool::think(any_game g, computer_request r, asker who,
                          std::function<void(computer_move)> done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    const std::uint64_t id = next_id_++;
    const auto lane =
        r.level <= quick_lane_levels ? search_scheduler::lane::quick : search_scheduler::lane::deep;
    if (!scheduler_.push({id, std::move(who.address), std::move(who.player), lane})) return false;
    pending_.emplace(id,
                     pending{std::move(g), r, std::move(done), std::chrono::steady_clock::now()});
    if (queued_gauge_) queued_gauge_->store(static_cast<std::int64_t>(scheduler_.size()));
  }
  // Every worker may take a quick search, only some a deep one: wake them all to choose.
  wake_.notify_all();
  return true;
}

bool computer_pool::full() const {
  std::lock_guard lock(mutex_);
  return scheduler_.full();
}

void computer_pool::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    pending_.clear();
  }
  wake_.notify_all();
  for (auto& t : workers_) {
    if (t.joinable()) t.join();
  }
}

}  // namespace ringside::server
