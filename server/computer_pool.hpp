#pragma once
// computer_pool: the worker threads on which computer players search, never the I/O threads.
// A bounded pool (--computer-threads): rooms queue a search and get the move back through a
// callback, which they post to their own strand. The workers run at a lower scheduling
// priority than the I/O threads, so a search takes the cores only when the games around it do
// not need them. The computer's seat identity lives here too.

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "engine/any_game.hpp"
#include "engine/common/search_types.hpp"
#include "server/identity.hpp"

namespace ringside::server {

// The seat identity of the computer at `level`: player "computer-3", name "computer 3". The
// journal stores it like any seat, and a restart recognises it by its player id.
identity_ptr computer_identity(int level);
// The level of a computer seat's player id, or 0 for a person's.
int computer_level_of(const std::string& player);

class computer_pool {
 public:
  // `threads` workers, each lowered to nice `niceness` (Linux; elsewhere unchanged).
  explicit computer_pool(int threads, int niceness = 10);
  ~computer_pool();
  computer_pool(const computer_pool&) = delete;
  computer_pool& operator=(const computer_pool&) = delete;

  // Searches `g` (its game not over) for the computer described by `r` on a worker thread
  // and calls `done` there with the move; searches beyond the pool's threads wait their turn.
  void think(any_game g, computer_request r, std::function<void(computer_move)> done);
  // Waits for the searches under way; queued ones are dropped. For the server's exit.
  void stop();

 private:
  boost::asio::io_context queue_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::vector<std::thread> workers_;
};

}  // namespace ringside::server
