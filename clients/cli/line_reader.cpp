#include "clients/cli/line_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/post.hpp>

namespace ringside::cli {

line_reader::line_reader(boost::asio::io_context& io, int fd) : io_(io), fd_(::dup(fd)) {
  struct stat st {};
  regular_ = fd_ < 0 || (::fstat(fd_, &st) == 0 && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode) &&
                         !S_ISSOCK(st.st_mode));
  if (!regular_) desc_.emplace(io, fd_);
}

void line_reader::async_next(handler h) {
  if (const auto nl = pending_.find('\n'); nl != std::string::npos || eof_)
    return deliver(std::move(h));
  if (regular_) {
    const ssize_t n = fd_ < 0 ? 0 : ::read(fd_, chunk_.data(), chunk_.size());
    if (n <= 0)
      eof_ = true;
    else
      pending_.append(chunk_.data(), static_cast<std::size_t>(n));
    return async_next(std::move(h));
  }
  desc_->async_read_some(
      boost::asio::buffer(chunk_),
      [this, h = std::move(h)](boost::system::error_code ec, std::size_t n) mutable {
        if (ec)
          eof_ = true;
        else
          pending_.append(chunk_.data(), n);
        async_next(std::move(h));
      });
}

void line_reader::deliver(handler h) {
  std::optional<std::string> line;
  if (const auto nl = pending_.find('\n'); nl != std::string::npos) {
    line = pending_.substr(0, nl);
    pending_.erase(0, nl + 1);
  } else if (!pending_.empty()) {
    line = std::move(pending_);  // a last line without a newline still counts
    pending_.clear();
  }
  if (line && !line->empty() && line->back() == '\r') line->pop_back();
  // Posted, never called inline, so a long script cannot grow the stack line by line.
  boost::asio::post(io_,
                    [h = std::move(h), line = std::move(line)]() mutable { h(std::move(line)); });
}

}  // namespace ringside::cli
