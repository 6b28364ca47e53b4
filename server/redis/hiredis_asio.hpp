#pragma once
// hiredis_asio: lets hiredis's asynchronous context run on an Asio strand. hiredis says when
// it wants to read or write (its addRead/delRead/addWrite/delWrite hooks); this watches the
// context's socket with stream_descriptor::async_wait and calls redisAsyncHandleRead/Write
// when it is ready. hiredis owns the socket: the descriptor is released, never closed, when
// hiredis calls the cleanup hook (as it frees the context).

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/strand.hpp>
#include <memory>

struct redisAsyncContext;

namespace ringside::server::redis {

using redis_strand = boost::asio::strand<boost::asio::io_context::executor_type>;

class hiredis_asio : public std::enable_shared_from_this<hiredis_asio> {
 public:
  // Hooks `ac` (freshly connected or connecting, not yet attached) to `strand`. Every hiredis
  // call for `ac` must then happen on that strand. False when hiredis refuses (already attached).
  static bool attach(redisAsyncContext* ac, redis_strand strand);

  hiredis_asio(redisAsyncContext* ac, redis_strand strand);

 private:
  static void add_read(void* self);
  static void del_read(void* self);
  static void add_write(void* self);
  static void del_write(void* self);
  static void cleanup(void* self);

  void wait_readable();
  void wait_writable();

  redisAsyncContext* context_;  // null once hiredis has let go of it
  boost::asio::posix::stream_descriptor socket_;
  bool want_read_ = false;
  bool want_write_ = false;
  bool read_waiting_ = false;
  bool write_waiting_ = false;
  // Kept alive by hiredis (through ev.data) until cleanup, and by each pending wait after.
  std::shared_ptr<hiredis_asio> self_;
};

}  // namespace ringside::server::redis
