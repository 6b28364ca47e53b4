#pragma once
// fd_reserve: a few file descriptors held open on /dev/null for the moment the process runs
// out. At the open-files limit accept() fails with EMFILE; giving one of these back lets one
// connection in anyway (an operator's /healthz or /metrics), and the spare is taken again once
// that connection is gone. Not thread-safe: the listener uses it on its own strand.

#include <cstddef>
#include <vector>

namespace ringside::server {

class fd_reserve {
 public:
  // Opens `size` spares (as many as the limit allows).
  explicit fd_reserve(std::size_t size);
  ~fd_reserve();
  fd_reserve(const fd_reserve&) = delete;
  fd_reserve& operator=(const fd_reserve&) = delete;

  // Closes one spare, so that the next descriptor the process opens can have its number;
  // false when none is held.
  bool release_one();
  // Opens spares again up to the size, as far as the limit lets it now.
  void refill();
  std::size_t held() const { return fds_.size(); }

 private:
  std::size_t size_;
  std::vector<int> fds_;
};

}  // namespace ringside::server
