#pragma once
// fuzz_peer: a connection without a socket for fuzz_session. It stands where a
// websocket_session stands (same strand discipline: the request_handler runs on the peer's
// strand) and keeps every frame the server sends it, in order.

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <memory>
#include <string>
#include <vector>

#include "server/peer.hpp"
#include "server/request_handler.hpp"

namespace ringside::fuzz {

class fuzz_peer : public server::peer, public std::enable_shared_from_this<fuzz_peer> {
 public:
  fuzz_peer(server::context& ctx, boost::asio::io_context& ioc, std::uint64_t id)
      : strand_(boost::asio::make_strand(ioc)), handler_(ctx, strand_), id_(id) {}

  // Feeds one text frame to the request handler on this peer's strand, as a session would.
  void receive(std::string text) {
    boost::asio::post(strand_, [self = shared_from_this(), text = std::move(text)] {
      self->handler_.handle(text, self, server::request_handler::clock::now(),
                            std::make_shared<int>(0));
    });
  }
  // The connection drops, as websocket_session::finish reports it.
  void drop() {
    boost::asio::post(strand_, [self = shared_from_this()] { self->handler_.closed(self->id_); });
  }
  // Frames sent since the last call, oldest first.
  std::vector<std::string> take_frames() { return std::exchange(frames_, {}); }

  void send(std::shared_ptr<const std::string> frame) override {
    boost::asio::post(strand_, [self = shared_from_this(), frame = std::move(frame)] {
      self->frames_.push_back(*frame);
    });
  }
  std::uint64_t peer_id() const override { return id_; }
  void note_attached(std::shared_ptr<server::room> r) override {
    boost::asio::post(strand_, [self = shared_from_this(), r = std::move(r)]() mutable {
      self->handler_.attached(self, std::move(r));
    });
  }
  void go_away() override {}
  void note_detached(const std::string& room_id) override {
    boost::asio::post(strand_,
                      [self = shared_from_this(), room_id] { self->handler_.detached(room_id); });
  }

 private:
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  server::request_handler handler_;
  std::uint64_t id_;
  std::vector<std::string> frames_;
};

}  // namespace ringside::fuzz
