#pragma once
// line_reader — reads a script from a file descriptor one line at a time without blocking the
// io_context, so server messages keep flowing (and reconnects keep happening) while a script
// waits for its next line from a pipe.

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <functional>
#include <optional>
#include <string>

namespace ringside::cli {

class line_reader {
 public:
  using handler = std::function<void(std::optional<std::string>)>;

  // Reads from a duplicate of `fd`, so the caller's descriptor stays open.
  line_reader(boost::asio::io_context& io, int fd);

  // Calls `h` later with the next line (without its newline), or with nothing at the end of
  // the input. One call at a time.
  void async_next(handler h);

 private:
  void deliver(handler h);
  boost::asio::io_context& io_;
  int fd_;
  // Regular files are always "readable" to epoll (which refuses them), so they are read with
  // plain read(); pipes and terminals go through the reactor.
  bool regular_ = false;
  std::optional<boost::asio::posix::stream_descriptor> desc_;
  std::string pending_;
  std::array<char, 4096> chunk_{};
  bool eof_ = false;
};

}  // namespace ringside::cli
