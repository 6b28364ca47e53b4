#pragma once
// idle_client: says hello and then only holds its connection, to measure what an idle
// connection costs the server.

#include <memory>
#include <string_view>

namespace ringside::client {
class ws_connection;
}

namespace ringside::load {

class shard;

class idle_client {
 public:
  idle_client(shard& owner, int index);
  ~idle_client();
  // Queues the connection with the shard's connect limiter.
  void start();

 private:
  void on_message(std::string_view text);
  void on_close(const std::string& why, bool was_open);

  shard& shard_;
  int index_;
  std::shared_ptr<client::ws_connection> conn_;
  bool opening_ = true;
  bool welcomed_ = false;
};

}  // namespace ringside::load
