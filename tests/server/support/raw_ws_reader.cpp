#include "support/raw_ws_reader.hpp"

#include <doctest/doctest.h>
#include <poll.h>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <cstring>

namespace ringside::test {

namespace asio = boost::asio;
using raw_tcp = boost::asio::ip::tcp;

raw_ws_reader::raw_ws_reader(std::uint16_t port, int receive_buffer) : socket_(ioc_) {
  socket_.open(raw_tcp::v4());
  socket_.set_option(asio::socket_base::receive_buffer_size(receive_buffer));
  socket_.connect(raw_tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  const std::string upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                              "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                              "Sec-WebSocket-Version: 13\r\n\r\n";
  asio::write(socket_, asio::buffer(upgrade));
  std::string answer;
  char c = 0;
  while (answer.size() < 4 || answer.compare(answer.size() - 4, 4, "\r\n\r\n") != 0) {
    REQUIRE_MESSAGE(read_exactly(&c, 1, std::chrono::seconds(5)), "no upgrade answer");
    answer.push_back(c);
  }
  REQUIRE_MESSAGE(answer.rfind("HTTP/1.1 101", 0) == 0, answer);
}

void raw_ws_reader::send_frame(int opcode, std::string_view payload) {
  std::string bytes;
  bytes.push_back(static_cast<char>(0x80 | opcode));
  if (payload.size() < 126) {
    bytes.push_back(static_cast<char>(0x80 | payload.size()));
  } else {
    REQUIRE(payload.size() <= 0xffff);
    bytes.push_back(static_cast<char>(0x80 | 126));
    bytes.push_back(static_cast<char>(payload.size() >> 8));
    bytes.push_back(static_cast<char>(payload.size() & 0xff));
  }
  bytes.append(4, '\0');  // the mask key
  bytes.append(payload);
  asio::write(socket_, asio::buffer(bytes));
}

bool raw_ws_reader::read_exactly(char* out, std::size_t n, std::chrono::milliseconds timeout) {
  while (n != 0) {
    pollfd p{socket_.native_handle(), POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) != 1) return false;
    boost::system::error_code ec;
    const std::size_t got = socket_.read_some(asio::buffer(out, n), ec);
    if (ec || got == 0) return false;
    out += got;
    n -= got;
  }
  return true;
}

std::optional<raw_ws_reader::frame> raw_ws_reader::next(std::chrono::milliseconds timeout) {
  unsigned char head[2];
  if (!read_exactly(reinterpret_cast<char*>(head), 2, timeout)) return std::nullopt;
  frame f;
  f.fin = (head[0] & 0x80) != 0;
  f.opcode = head[0] & 0x0f;
  CHECK_MESSAGE((head[0] & 0x70) == 0, "reserved bits set: the stream is out of step");
  CHECK_MESSAGE((head[1] & 0x80) == 0, "a server's frame must not be masked");
  std::uint64_t size = head[1] & 0x7f;
  if (size >= 126) {
    unsigned char ext[8];
    const std::size_t n = size == 126 ? 2 : 8;
    if (!read_exactly(reinterpret_cast<char*>(ext), n, timeout)) return std::nullopt;
    size = 0;
    for (std::size_t i = 0; i < n; ++i) size = (size << 8) | ext[i];
  }
  REQUIRE_MESSAGE(size <= 16 * 1024 * 1024, "a frame of " << size << " bytes: out of step");
  f.payload.resize(size);
  if (size != 0 && !read_exactly(f.payload.data(), size, timeout)) return std::nullopt;
  return f;
}

}  // namespace ringside::test
