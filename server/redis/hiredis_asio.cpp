#include "server/redis/hiredis_asio.hpp"

#include <hiredis/async.h>

namespace ringside::server::redis {

namespace {
hiredis_asio* adapter(void* p) {
  return static_cast<hiredis_asio*>(p);
}
}  // namespace

bool hiredis_asio::attach(redisAsyncContext* ac, redis_strand strand) {
  if (ac->ev.data != nullptr) return false;
  auto a = std::make_shared<hiredis_asio>(ac, std::move(strand));
  a->self_ = a;
  ac->ev.data = a.get();
  ac->ev.addRead = &hiredis_asio::add_read;
  ac->ev.delRead = &hiredis_asio::del_read;
  ac->ev.addWrite = &hiredis_asio::add_write;
  ac->ev.delWrite = &hiredis_asio::del_write;
  ac->ev.cleanup = &hiredis_asio::cleanup;
  return true;
}

hiredis_asio::hiredis_asio(redisAsyncContext* ac, redis_strand strand)
    : context_(ac), socket_(std::move(strand), ac->c.fd) {}

void hiredis_asio::add_read(void* self) {
  adapter(self)->want_read_ = true;
  adapter(self)->wait_readable();
}

void hiredis_asio::del_read(void* self) {
  adapter(self)->want_read_ = false;
}

void hiredis_asio::add_write(void* self) {
  adapter(self)->want_write_ = true;
  adapter(self)->wait_writable();
}

void hiredis_asio::del_write(void* self) {
  adapter(self)->want_write_ = false;
}

void hiredis_asio::cleanup(void* self) {
  auto* a = adapter(self);
  a->context_ = nullptr;
  a->want_read_ = a->want_write_ = false;
  // hiredis closes the socket itself after this; releasing (not closing) cancels our waits
  // and takes the descriptor out of the reactor first.
  boost::system::error_code ignored;
  a->socket_.cancel(ignored);
  (void)a->socket_.release();
  a->self_.reset();  // pending waits still hold a reference until their handlers run
}

void hiredis_asio::wait_readable() {
  if (read_waiting_ || context_ == nullptr) return;
  read_waiting_ = true;
  socket_.async_wait(boost::asio::posix::descriptor_base::wait_read,
                     [self = shared_from_this()](const boost::system::error_code& ec) {
                       self->read_waiting_ = false;
                       if (ec || self->context_ == nullptr || !self->want_read_) return;
                       // May free the context (a closed connection): cleanup then clears it.
                       redisAsyncHandleRead(self->context_);
                       if (self->context_ != nullptr && self->want_read_) self->wait_readable();
                     });
}

void hiredis_asio::wait_writable() {
  if (write_waiting_ || context_ == nullptr) return;
  write_waiting_ = true;
  socket_.async_wait(boost::asio::posix::descriptor_base::wait_write,
                     [self = shared_from_this()](const boost::system::error_code& ec) {
                       self->write_waiting_ = false;
                       if (ec || self->context_ == nullptr || !self->want_write_) return;
                       redisAsyncHandleWrite(self->context_);
                       if (self->context_ != nullptr && self->want_write_) self->wait_writable();
                     });
}

}  // namespace ringside::server::redis
