#pragma once
// computer_pool: the worker threads on which computer players search, never the I/O threads.
// A bounded pool (--computer-threads, plus one worker kept for the cheap levels): rooms queue
// a search and get the move back through a callback, which they post to their own strand.
// Which search runs next is search_scheduler's choice: round robin over addresses and
// identities, cheap levels in their own lane, at most --computer-queue waiting. The workers
// run at a lower scheduling priority than the I/O threads, so a search takes the cores only
// when the games around it do not need them. The computer's seat identity lives here too.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "engine/any_game.hpp"
#include "engine/common/search_types.hpp"
#include "server/identity.hpp"
#include "server/search_scheduler.hpp"

namespace ringside::server {

// The seat identity of the computer at `level`: player "computer-3", name "computer 3". The
// journal stores it like any seat, and a restart recognises it by its player id.
identity_ptr computer_identity(int level);
// The level of a computer seat's player id, or 0 for a person's.
int computer_level_of(const std::string& player);

// Levels up to this one search in the quick lane: their searches take tenths of a second
// (engine/*/computer.cpp caps them at 200-500 ms), the others' take seconds.
inline constexpr int quick_lane_levels = 2;

class computer_pool {
 public:
  // Whom a search is for: the human player of the room and the address they connected from.
  struct asker {
    std::string player;
    std::string address;
  };

  // `threads` workers for every level and one more for the quick lane only, each lowered to
  // nice `niceness` (Linux; elsewhere unchanged). At most `max_queued` searches wait (0: no
  // bound). `queued_gauge`, when given, always holds how many wait.
  explicit computer_pool(int threads, int niceness = 10, std::size_t max_queued = 0,
                         std::atomic<std::int64_t>* queued_gauge = nullptr);
  ~computer_pool();
  computer_pool(const computer_pool&) = delete;
  computer_pool& operator=(const computer_pool&) = delete;

  // Queues a search of `g` (its game not over) for the computer described by `r`, on behalf
  // of `who`; a worker calls `done` with the move when its turn has come and the search is
  // over. A search whose `r.cancel` is set before its turn is not run (`done` gets no move).
  // Returns false, and never calls `done`, when the queue is full.
  bool think(any_game g, computer_request r, asker who, std::function<void(computer_move)> done);
  // Whether a search queued now would be refused.
  bool full() const;
  // Waits for the searches under way; queued ones are dropped. For the server's exit.
  void stop();

 private:
  struct pending {
    any_game game;
    computer_request request;
    std::function<void(computer_move)> done;
    std::chrono::steady_clock::time_point queued_at;
  };

  void work(bool deep_too, int niceness);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  search_scheduler scheduler_;
  std::unordered_map<std::uint64_t, pending> pending_;
  std::uint64_t next_id_ = 0;
  bool stopping_ = false;
  std::atomic<std::int64_t>* queued_gauge_;
  std::vector<std::thread> workers_;
};

}  // namespace ringside::server
