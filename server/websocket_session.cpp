#include "server/websocket_session.hpp"

#include <spdlog/spdlog.h>
#ifdef __linux__
#include <linux/sockios.h>
#include <sys/ioctl.h>
#endif
#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "common/version.hpp"
#include "net/frame_batch_pool.hpp"
#include "protocol/wire/encode.hpp"
#include "server/client_address.hpp"
#include "server/metrics.hpp"
#include "server/peer_ids.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/session_registry.hpp"

namespace ringside::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;

namespace {

constexpr auto rate_window = std::chrono::seconds(10);
// How long a close handshake may take before the socket is simply shut.
constexpr auto close_grace = std::chrono::seconds(2);

outbox::limits outbox_limits(const options& o) {
  outbox::limits l;
  l.max_messages = o.max_queue_messages;
  l.max_bytes = o.max_queue_bytes;
  l.write_stall = std::chrono::duration_cast<outbox::clock::duration>(
      std::chrono::duration<double>(o.write_stall_s));
  l.catch_up_after = o.catch_up_after;
  return l;
}

}  // namespace

websocket_session::websocket_session(ringside::net::transport&& stream, context& ctx,
                                     client_slot slot, client_slot connection)
    : connection_(std::move(connection)),
      ws_(std::move(stream)),
      ctx_(ctx),
      id_(next_peer_id()),
      buffer_(ctx.opts.max_frame),
      outbox_(outbox_limits(ctx.opts)),
      recent_(rate_window),
      kill_timer_(ws_.get_executor()),
      slot_(std::move(slot)),
      hello_timer_(ws_.get_executor()),
      handler_(ctx, ws_.get_executor(), slot_.key()) {
  io_ = &static_cast<net::io_context&>(net::query(ws_.get_executor(), net::execution::context));
  beast::error_code ec;
  const auto ep = ws_.next_layer().tcp().socket().remote_endpoint(ec);
  remote_ = ec ? std::string("?") : address_text(ep.address()) + ":" + std::to_string(ep.port());
}

websocket_session::~websocket_session() = default;

void websocket_session::run(http::request<http::string_body> req) {
  auto& socket = ws_.next_layer().tcp().socket();
  beast::error_code ignored;
  // Replies are small and come in pairs (an ack, then the patch): Nagle would hold the
  // second back until the client acknowledges the first.
  socket.set_option(net::ip::tcp::no_delay(true), ignored);
  socket.set_option(net::socket_base::send_buffer_size(ctx_.opts.socket_send_buffer), ignored);
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, product_token); }));
  // The frame limit is enforced in on_read rather than by Beast's read_message_max: Beast
  // fails such a read by tearing the socket down at once (its teardown stops draining after
  // one chunk), so the client gets a reset instead of the 1009 close frame it is owed.
  ws_.read_message_max(0);
  // Called inside this session's own reads, which hold it alive: `this` is safe.
  ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
    if (kind != websocket::frame_type::close) on_control_frame();
  });
  ws_.async_accept(req,
                   beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  accepted_ = true;
  ws_.text(true);
  ctx_.stats.connections.fetch_add(1);
  ctx_.stats.connections_total.fetch_add(1);
  ctx_.sessions.add(id_, weak_from_this());
  spdlog::info("connection {} open from {}", id_, remote_);
  // Beast's keep-alive pings keep a silent socket open for good; someone who connects and
  // says nothing holds a descriptor and a session for nothing.
  if (ctx_.opts.hello_timeout_s > 0) {
    hello_timer_.expires_after(std::chrono::duration_cast<clock::duration>(
        std::chrono::duration<double>(ctx_.opts.hello_timeout_s)));
    hello_timer_.async_wait(
        beast::bind_front_handler(&websocket_session::on_hello_deadline, shared_from_this()));
    hello_deadline_armed_ = true;
  }
  do_read();
}

void websocket_session::on_hello_deadline(beast::error_code ec) {
  if (ec || handler_.greeted() || !accepting()) return;
  ctx_.stats.hello_timeouts.fetch_add(1);
  spdlog::info("connection {} closed: no hello in {} s", id_, ctx_.opts.hello_timeout_s);
  close_with(websocket::close_code::policy_error, "no hello in time");
}

void websocket_session::on_control_frame() {
  switch (count_message(clock::now())) {
    case rate::flood:
      if (closing_ || ping_flooded_) return;
      ping_flooded_ = true;
      ctx_.stats.control_frames_over_limit.fetch_add(1);
      ctx_.stats.flooders_closed.fetch_add(1);
      ctx_.clients.cool_down(slot_.key());
      spdlog::warn("connection {} closed: flooding with pings (its address {} cools down)", id_,
                   slot_.key());
      // Not from inside Beast's read, which may be about to answer the ping.
      net::post(ws_.get_executor(), [self = shared_from_this()] {
        self->close_with(websocket::close_code::policy_error, "flooding");
      });
      return;
    case rate::limited:
      ctx_.stats.control_frames_over_limit.fetch_add(1);
      return;
    case rate::ok:
      return;
  }
}

void websocket_session::do_read() {
  if (closing_) return;  // the close handshake reads what is left
  // Greeted: the deadline's pending wait (and the session it holds) need not rest with it.
  if (hello_deadline_armed_ && handler_.greeted()) {
    hello_deadline_armed_ = false;
    hello_timer_.cancel();
  }
  ws_.async_read_some(buffer_.bytes(), buffer_.next_read_limit(),
                      beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(beast::error_code ec, std::size_t bytes) {
  (void)bytes;
  if (ec) {
    fail(ec, "read");
    return finish();
  }
  if (buffer_.over_limit()) {
    buffer_.drop();
    spdlog::info("connection {} closed: message over {} bytes", id_, ctx_.opts.max_frame);
    return close_with(websocket::close_code::too_big, "message too big");
  }
  if (!ws_.is_message_done()) return do_read();
  const auto now = clock::now();
  std::string text = buffer_.take();
  ctx_.stats.messages_in.fetch_add(1);
  switch (count_message(now)) {
    case rate::flood:
      ctx_.stats.flooders_closed.fetch_add(1);
      ctx_.clients.cool_down(slot_.key());
      spdlog::warn("connection {} closed: flooding (its address {} cools down)", id_, slot_.key());
      return close_with(websocket::close_code::policy_error, "flooding");
    case rate::limited:
      ctx_.stats.rate_limited.fetch_add(1);
      send_text(*this, protocol::encode_error({}, protocol::error_code::rate_limited,
                                              "too many messages: at most " +
                                                  std::to_string(ctx_.opts.rate_limit) +
                                                  " in 10 seconds; slow down"));
      return do_read();
    case rate::ok:
      break;
  }
  // The address's budget, over all its connections: many connections at their own limit
  // each are one client.
  if (const auto no = ctx_.clients.count_message(slot_.key())) {
    ctx_.stats.address_rate_limited.fetch_add(1);
    send_text(*this, protocol::encode_error({}, protocol::error_code::rate_limited, no->why));
    return do_read();
  }
  if (!ws_.got_text()) {
    send_text(*this, protocol::encode_error({}, protocol::error_code::bad_request,
                                            "send JSON in text frames, not binary ones"));
    return do_read();
  }
  // Dropping the last copy of `done` lets the next frame in; see request_handler::handle.
  auto self = shared_from_this();
  std::shared_ptr<void> done(nullptr, [self](void*) { self->resume_reading(); });
  // Whatever the message holds, it may fail only this connection: never the server.
  try {
    handler_.handle(text, self, now, std::move(done));
  } catch (...) {
    ctx_.stats.faults.report_current("a message on connection " + std::to_string(id_));
    close_with(websocket::close_code::internal_error, "the server failed on that message");
  }
}

void websocket_session::resume_reading() {
  net::post(ws_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

websocket_session::rate websocket_session::count_message(clock::time_point now) {
  recent_.add(now);
  const auto n = recent_.count(now);
  if (n > ctx_.opts.rate_limit * ctx_.opts.flood_factor) return rate::flood;
  if (n > ctx_.opts.rate_limit) return rate::limited;
  return rate::ok;
}

template <class F>
void websocket_session::post_counted(F&& fn) {
  queued_.fetch_add(1, std::memory_order_relaxed);
  net::post(ws_.get_executor(), [self = shared_from_this(), fn = std::forward<F>(fn)]() mutable {
    self->queued_.fetch_sub(1, std::memory_order_relaxed);
    fn();
  });
}

bool websocket_session::may_take_inline() {
  if (ctx_.opts.threads != 1 || queued_.load(std::memory_order_relaxed) != 0) return false;
  return io_->get_executor().running_in_this_thread();
}

void websocket_session::send(std::shared_ptr<const std::string> frame) {
  post_counted([this, frame = std::move(frame)]() mutable {
    if (accepting()) after_push(outbox_.push(std::move(frame), {}, clock::now()));
  });
}

// Rooms and the cluster relay call this once per member per patch, from their own handlers.
void websocket_session::send_patch(const std::string& room_id,
                                   std::shared_ptr<const std::string> frame) {
  if (may_take_inline()) return on_send_patch(room_id, std::move(frame));
  post_counted([this, room_id, frame = std::move(frame)]() mutable {
    on_send_patch(room_id, std::move(frame));
  });
}

void websocket_session::send_chat(std::shared_ptr<const std::string> frame) {
  post_counted([this, frame = std::move(frame)]() mutable { on_chat(std::move(frame)); });
}

void websocket_session::send_catch_up(const std::string& room_id,
                                      std::shared_ptr<const std::string> frame) {
  post_counted([this, room_id, frame = std::move(frame)]() mutable {
    on_catch_up(room_id, std::move(frame));
  });
}

// A backlog of one room's patches is worth less than the room's state now: past a few, the
// queued ones are dropped and the room asked for a snapshot, which the client adopts as it
// would any snapshot. A crowd of spectators arriving, each a version for everyone, no longer
// overflows everybody's queue.
void websocket_session::on_send_patch(const std::string& room_id,
                                      std::shared_ptr<const std::string> frame) {
  if (!accepting() || outbox_.catching_up(room_id)) return;
  if (outbox_.behind(room_id)) {
    if (const auto r = handler_.room_by_id(room_id)) {
      outbox_.begin_catch_up(room_id);
      ctx_.stats.catch_ups.fetch_add(1);
      spdlog::debug("connection {} behind in room {}: a snapshot replaces its backlog", id_,
                    room_id);
      return r->resend_snapshot(shared_from_this());
    }
  }
  after_push(outbox_.push(std::move(frame), room_id, clock::now()));
}

void websocket_session::on_catch_up(const std::string& room_id,
                                    std::shared_ptr<const std::string> frame) {
  if (!accepting()) return;
  after_push(outbox_.end_catch_up(room_id, std::move(frame), clock::now()));
}

void websocket_session::on_chat(std::shared_ptr<const std::string> frame) {
  if (!accepting()) return;
  const bool queued = outbox_.push_chat(std::move(frame), kernel_unsent());
  count_dropped_chats();
  if (queued) do_write();
}

std::size_t websocket_session::kernel_unsent() {
#ifdef __linux__
  int unsent = 0;
  auto& socket = ws_.next_layer().tcp().socket();
  if (ioctl(socket.native_handle(), SIOCOUTQ, &unsent) == 0 && unsent > 0) {
    return static_cast<std::size_t>(unsent);
  }
#endif
  return 0;
}

void websocket_session::count_dropped_chats() {
  if (const auto n = outbox_.take_dropped_chats()) ctx_.stats.chat_dropped.fetch_add(n);
}

void websocket_session::after_push(bool queued) {
  count_dropped_chats();
  if (queued) return do_write();
  ctx_.stats.slow_clients_dropped.fetch_add(1);
  spdlog::warn("connection {} dropped: not reading ({} messages, {} bytes queued{})", id_,
               outbox_.size(), outbox_.bytes(), outbox_.writing() ? ", a write under way" : "");
  close_with(websocket::close_code::policy_error, "slow client");
}

void websocket_session::do_write() {
  if (outbox_.writing() || write_direct()) return;
  in_flight_ = outbox_.start_write(clock::now());
  if (!in_flight_) return;
  ws_.async_write(net::buffer(*in_flight_),
                  beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t bytes) {
  outbox_.end_write();
  in_flight_.reset();
  if (ec) return fail(ec, "write");
  ctx_.stats.messages_out.fetch_add(1);
  ctx_.stats.bytes_out.fetch_add(bytes);
  if (!closing_) do_write();
}

bool websocket_session::write_direct() {
  auto& stream = ws_.next_layer();
  if (!ws_.is_open() || !stream.can_write_direct()) return false;
  auto& socket = stream.tcp().socket();
  if (!non_blocking_) {
    // A write that the kernel takes at once then needs no asynchronous operation at all.
    beast::error_code ignored;
    socket.non_blocking(true, ignored);
    non_blocking_ = true;
  }
  // A spectator's socket almost always has room: its frames are written here, on this stack,
  // one system call per batch, and only what the kernel does not take waits for the reactor.
  for (;;) {
    const std::size_t n = outbox_.start_writes(clock::now(), ringside::net::frame_batch::capacity);
    if (n == 0) {  // nothing left to write: a resting connection holds no batch
      ringside::net::frame_batch_pool::give(std::move(batch_));
      return true;
    }
    if (!batch_) batch_ = ringside::net::frame_batch_pool::take();
    batch_->clear();
    for (std::size_t i = 0; i < n; ++i) batch_->add(*outbox_.in_flight(i));
    beast::error_code ec;
    const std::size_t sent = socket.write_some(batch_->buffers(), ec);
    if (ec && ec != net::error::would_block && ec != net::error::try_again) {
      outbox_.end_write();
      fail(ec, "write");
      return true;
    }
    batch_->consume(ec ? 0 : sent);
    if (batch_->bytes() != 0) break;
    count_direct_write();
    outbox_.end_write();
  }
  stream.async_write_direct(
      batch_->buffers(),
      beast::bind_front_handler(&websocket_session::on_direct_write, shared_from_this()));
  return true;
}

void websocket_session::count_direct_write() {
  ctx_.stats.messages_out.fetch_add(batch_->frames(), std::memory_order_relaxed);
  ctx_.stats.bytes_out.fetch_add(batch_->payload_bytes(), std::memory_order_relaxed);
  ctx_.stats.direct_writes.fetch_add(1, std::memory_order_relaxed);
}

void websocket_session::on_direct_write(beast::error_code ec, std::size_t bytes) {
  (void)bytes;
  outbox_.end_write();
  if (ec) return fail(ec, "write");
  count_direct_write();
  if (!closing_) do_write();
}

void websocket_session::close_with(websocket::close_code code, const char* why) {
  if (closing_ || finished_) return;
  closing_ = true;
  // Free everything not being written now: a dropped client's backlog must not stay in memory.
  outbox_.drop_unsent();
  spdlog::debug("connection {} closing ({}): {}", id_, static_cast<int>(code), why);
  // The reason goes in the close frame too: the client can say why it was closed.
  ws_.async_close(websocket::close_reason(code, why),
                  [self = shared_from_this()](beast::error_code ec) {
                    if (ec) self->fail(ec, "close");
                    self->kill_timer_.cancel();
                    self->finish();
                  });
  kill_timer_.expires_after(close_grace);
  kill_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec) return;
    self->ws_.next_layer().tcp().close();
    self->finish();
  });
}

void websocket_session::go_away() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (self->accepted_) self->close_with(websocket::close_code::going_away, "shutting down");
  });
}

void websocket_session::note_attached(std::shared_ptr<room> r) {
  post_counted(
      [this, r = std::move(r)]() mutable { handler_.attached(shared_from_this(), std::move(r)); });
}

void websocket_session::note_detached(const std::string& room_id) {
  post_counted([this, room_id] { handler_.detached(room_id); });
}

void websocket_session::finish() {
  if (finished_) return;
  finished_ = true;
  slot_.release();  // the address may open another at once
  hello_timer_.cancel();
  if (!accepted_) return;
  ctx_.stats.connections.fetch_sub(1);
  ctx_.sessions.remove(id_);
  handler_.closed(id_);
  ctx_.rooms.trim_memory_soon();
  spdlog::info("connection {} closed", id_);
}

void websocket_session::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == websocket::error::closed) return;
  spdlog::debug("connection {} {}: {}", id_, what, ec.message());
}

}  // namespace ringside::server
