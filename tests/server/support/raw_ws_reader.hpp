#pragma once
// A WebSocket client that reads frames byte by byte off a plain TCP socket, with no library
// in between: it sees the server's bytes exactly as sent, so a frame cut short, or two frames'
// bytes mixed, fails the test instead of being smoothed over. It can stop reading (its small
// receive buffer then fills the server's socket) and resume.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::test {

class raw_ws_reader {
 public:
  struct frame {
    bool fin = false;
    int opcode = 0;  // 1 text, 8 close, 9 ping, 10 pong
    std::string payload;
  };

  // Connects to ws://127.0.0.1:port/ws with a receive buffer of `receive_buffer` bytes and
  // completes the upgrade (a doctest failure if the server does not switch protocols).
  raw_ws_reader(std::uint16_t port, int receive_buffer);

  // A masked text frame (clients must mask; the key is zero, which leaves the bytes as is).
  void send_text(std::string_view text) { send_frame(0x1, text); }
  void send_ping(std::string_view payload) { send_frame(0x9, payload); }

  // The next whole frame, checked as a server's frame must be (unmasked, no reserved bits);
  // nullopt when none arrives within `timeout` or the connection ends.
  std::optional<frame> next(std::chrono::milliseconds timeout);

 private:
  void send_frame(int opcode, std::string_view payload);
  // Exactly `n` bytes; false on timeout or end of stream.
  bool read_exactly(char* out, std::size_t n, std::chrono::milliseconds timeout);

  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_;
};

}  // namespace ringside::test
