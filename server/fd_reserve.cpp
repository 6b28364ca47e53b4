#include "server/fd_reserve.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace ringside::server {

fd_reserve::fd_reserve(std::size_t size) : size_(size) {
  refill();
}

fd_reserve::~fd_reserve() {
  for (const int fd : fds_) ::close(fd);
}

bool fd_reserve::release_one() {
  if (fds_.empty()) return false;
  ::close(fds_.back());
  fds_.pop_back();
  return true;
}

void fd_reserve::refill() {
  while (fds_.size() < size_) {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;  // still at the limit: the next refill tries again
    fds_.push_back(fd);
  }
}

}  // namespace ringside::server
