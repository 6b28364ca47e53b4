#pragma once
// message_buffer: one WebSocket connection's incoming message, as it arrives. Most connections
// rest most of the time, each with a read waiting, so the buffer is small at rest (a request
// fits in it), grows only while a longer message arrives, and is given back once that message
// has been taken. The message size limit holds all the same.

#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <cstddef>
#include <string>

namespace ringside::server {

class message_buffer {
 public:
  // Big enough for the requests a client sends most (a move, a hello), small enough that ten
  // thousand resting connections do not notice it.
  static constexpr std::size_t at_rest = 256;

  explicit message_buffer(std::size_t max_message) : max_message_(max_message) {}

  boost::beast::flat_buffer& bytes() { return buffer_; }
  // How many bytes the next read may add: a small read between messages; inside one, never
  // more than one byte past the limit, whatever size the frame claims.
  std::size_t next_read_limit() const {
    return buffer_.size() == 0 ? at_rest : max_message_ + 1 - buffer_.size();
  }
  bool over_limit() const { return buffer_.size() > max_message_; }
  // The whole message, leaving the buffer at rest.
  std::string take() {
    std::string text = boost::beast::buffers_to_string(buffer_.data());
    drop();
    return text;
  }
  // Forgets what was read, and gives back what a long message made it grow to.
  void drop() {
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > at_rest) buffer_.shrink_to_fit();
  }
  std::size_t capacity() const { return buffer_.capacity(); }

 private:
  std::size_t max_message_;
  boost::beast::flat_buffer buffer_;
};

}  // namespace ringside::server
