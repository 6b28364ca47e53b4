#pragma once
// Every open WebSocket session, so that shutdown can say goodbye (1001) to each. Held weakly:
// the registry never keeps a connection alive.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <map>
#include <memory>

#include "server/peer.hpp"

namespace ringside::server {

class session_registry {
 public:
  explicit session_registry(boost::asio::io_context& ioc);

  // Any thread.
  void add(std::uint64_t id, std::weak_ptr<peer> p);
  // Any thread.
  void remove(std::uint64_t id);
  // Asks every open session to close with 1001; sessions added later are closed on arrival.
  void close_all();

 private:
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::map<std::uint64_t, std::weak_ptr<peer>> sessions_;
  bool closing_ = false;
};

}  // namespace ringside::server
