#pragma once
// frame_batch: whole WebSocket text frames, server to client, ready for one gather write
// straight to a TCP socket. A server's frames are unmasked, so a frame is a header of 2 to 10
// bytes and the payload as it is: the payload stays in the buffer every recipient shares, only
// the few header bytes are per connection. The storage is reused from one write to the next,
// and a partial write resumes where the kernel stopped.

#include <array>
#include <boost/asio/buffer.hpp>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace ringside::net {

class frame_batch {
 public:
  static constexpr std::size_t capacity = 8;  // frames per write
  static constexpr std::size_t max_header = 10;

  // Writes the header of an unmasked, final text frame of `payload_size` bytes into `out`;
  // returns its length (RFC 6455 section 5.2).
  static std::size_t text_header(std::size_t payload_size, std::uint8_t* out) {
    out[0] = 0x81;  // FIN, opcode 1 (text)
    if (payload_size < 126) {
      out[1] = static_cast<std::uint8_t>(payload_size);
      return 2;
    }
    if (payload_size <= 0xffff) {
      out[1] = 126;
      out[2] = static_cast<std::uint8_t>(payload_size >> 8);
      out[3] = static_cast<std::uint8_t>(payload_size);
      return 4;
    }
    out[1] = 127;
    const auto n = static_cast<std::uint64_t>(payload_size);
    for (std::size_t i = 0; i < 8; ++i) out[2 + i] = static_cast<std::uint8_t>(n >> (56 - 8 * i));
    return 10;
  }

  void clear() {
    frames_ = 0;
    payload_bytes_ = 0;
    bytes_ = 0;
    first_ = 0;
  }
  bool full() const { return frames_ == capacity; }
  // The payload must outlive the write.
  void add(std::string_view payload) {
    auto& header = headers_[frames_];
    const std::size_t n = text_header(payload.size(), header.data());
    buffers_[2 * frames_] = boost::asio::const_buffer(header.data(), n);
    buffers_[2 * frames_ + 1] = boost::asio::const_buffer(payload.data(), payload.size());
    ++frames_;
    payload_bytes_ += payload.size();
    bytes_ += n + payload.size();
  }
  // What is left to write.
  std::span<const boost::asio::const_buffer> buffers() const {
    return {buffers_.data() + first_, 2 * frames_ - first_};
  }
  // Bytes left to write, headers included.
  std::size_t bytes() const { return bytes_; }
  // `n` bytes were written (a partial write stops anywhere, even inside a header).
  void consume(std::size_t n) {
    bytes_ -= n;
    while (n != 0 && first_ < 2 * frames_) {
      auto& b = buffers_[first_];
      if (n < b.size()) {
        b += n;
        return;
      }
      n -= b.size();
      ++first_;
    }
  }
  std::size_t frames() const { return frames_; }
  std::size_t payload_bytes() const { return payload_bytes_; }

 private:
  std::array<std::array<std::uint8_t, max_header>, capacity> headers_{};
  std::array<boost::asio::const_buffer, 2 * capacity> buffers_{};
  std::size_t frames_ = 0;
  std::size_t payload_bytes_ = 0;
  std::size_t bytes_ = 0;  // left to write
  std::size_t first_ = 0;  // the first buffer not yet written
};

}  // namespace ringside::net
