#pragma once
// websocket_session: one WebSocket connection's I/O: a read loop (one frame at a time, the next
// read once the request is handled, under the rate limit) and a write loop (one async_write in
// flight) over its outbox, which decides what waits, what is replaced by a snapshot, what
// chat is dropped and when a client that does not read must be closed. Everything runs on the
// connection's own strand. On plain TCP the queued frames go out in one gather write straight
// to the socket (net::frame_batch, transport::async_write_direct): a crowd's patch then costs
// each member one system call, not a Beast write operation and its allocations.

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "net/frame_batch.hpp"
#include "net/transport.hpp"
#include "server/context.hpp"
#include "server/message_buffer.hpp"
#include "server/outbox.hpp"
#include "server/peer.hpp"
#include "server/request_handler.hpp"
#include "server/sliding_window.hpp"

namespace ringside::server {

class websocket_session : public peer, public std::enable_shared_from_this<websocket_session> {
 public:
  using clock = std::chrono::steady_clock;

  // Takes over a connection (plain or TLS) whose executor is a strand; `slot` counts it
  // against its client's address (client_limits::admit), whose key is that address, and
  // `connection` is the connection's count against its peer address since accept
  // (client_limits::admit_connection), held until the socket is gone.
  websocket_session(ringside::net::transport&& stream, context& ctx, client_slot slot = {},
                    client_slot connection = {});
  ~websocket_session() override;

  // Accepts the upgrade request `req` and starts reading.
  void run(boost::beast::http::request<boost::beast::http::string_body> req);

  void send(std::shared_ptr<const std::string> frame) override;
  void send_patch(const std::string& room_id, std::shared_ptr<const std::string> frame) override;
  void send_catch_up(const std::string& room_id, std::shared_ptr<const std::string> frame) override;
  void send_chat(std::shared_ptr<const std::string> frame) override;
  std::uint64_t peer_id() const override { return id_; }
  void note_attached(std::shared_ptr<room> r) override;
  void note_detached(const std::string& room_id) override;
  void go_away() override;

 private:
  enum class rate { ok, limited, flood };

  void on_accept(boost::beast::error_code ec);
  // Closes the connection when it has not said hello in --hello-timeout.
  void on_hello_deadline(boost::beast::error_code ec);
  // A ping or pong from the client: Beast answers pings itself, so they are counted as
  // messages here, and a connection that floods with them is closed like any flooder.
  void on_control_frame();
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void resume_reading();
  // Runs `fn` on this connection's strand, counted in `queued_` until it does.
  template <class F>
  void post_counted(F&& fn);
  // Whether a frame handed over now may be queued on the caller's stack instead of through a
  // post to the strand: the server's only I/O thread is the caller (nothing else can be
  // running this connection), and nothing posted here before still waits (it would be
  // overtaken). A crowd's patch then costs each member no post, no allocation, no wake-up.
  bool may_take_inline();
  void on_send_patch(const std::string& room_id, std::shared_ptr<const std::string> frame);
  void on_catch_up(const std::string& room_id, std::shared_ptr<const std::string> frame);
  // Queues `frame` (of `room`, for a patch or snapshot) and writes, or closes the connection
  // when it is not reading (`queued` false: the outbox refused it).
  void after_push(bool queued);
  void on_chat(std::shared_ptr<const std::string> frame);
  // Bytes the kernel holds unsent or unacknowledged: a slow link fills it before our queue.
  std::size_t kernel_unsent();
  void count_dropped_chats();
  bool accepting() const { return accepted_ && !closing_ && !finished_; }
  void do_write();
  // Writes the outbox's next frames in one gather write straight to the socket, past Beast's
  // write operation; false when that cannot be done now (TLS, a write of Beast's own under
  // way, the WebSocket closing) and Beast's path must be taken.
  bool write_direct();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void on_direct_write(boost::beast::error_code ec, std::size_t bytes);
  void count_direct_write();
  void close_with(boost::beast::websocket::close_code code, const char* why);
  void finish();
  rate count_message(clock::time_point now);
  void fail(boost::beast::error_code ec, const char* what);

  client_slot connection_;  // declared first: given back after the socket is closed
  boost::beast::websocket::stream<ringside::net::transport> ws_;
  context& ctx_;
  const std::uint64_t id_;
  message_buffer buffer_;
  outbox outbox_;
  outbox::frame_ptr in_flight_;  // the frame being written, kept alive for async_write
  // The headers and buffer list of the direct write under way: taken from the thread's
  // frame_batch_pool when there are frames to write, given back once the outbox is empty.
  std::unique_ptr<ringside::net::frame_batch> batch_;
  bool non_blocking_ = false;  // the socket was switched to non-blocking for direct writes
  std::atomic<std::uint32_t> queued_{0};  // see post_counted
  // The io_context under this connection's strand: asking the executor for it on every
  // patch (an executor copy each time) cost more than the rest of may_take_inline.
  boost::asio::io_context* io_ = nullptr;
  bool closing_ = false;
  bool ping_flooded_ = false;  // a close for flooding with pings is on its way
  bool accepted_ = false;
  bool finished_ = false;
  sliding_window recent_;                  // messages inside the rate window
  boost::asio::steady_timer kill_timer_;   // ends a close the peer never completes
  client_slot slot_;                       // this connection, counted against its client's address
  boost::asio::steady_timer hello_timer_;  // closes a connection that never says hello
  bool hello_deadline_armed_ = false;      // hello_timer_ has a wait pending
  request_handler handler_;
  std::string remote_;
};

}  // namespace ringside::server
