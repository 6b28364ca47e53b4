#include "server/open_files_limit.hpp"

#include <sys/resource.h>

namespace ringside::server {

namespace {

std::string number(rlim_t n) {
  return n == RLIM_INFINITY ? std::string("unlimited") : std::to_string(n);
}

}  // namespace

open_files raise_open_files_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return {};
  open_files got{lim.rlim_cur, lim.rlim_cur, lim.rlim_max};
  if (lim.rlim_cur < lim.rlim_max) {
    rlimit raised{lim.rlim_max, lim.rlim_max};
    // macOS and some kernels refuse RLIM_INFINITY or more than nr_open: keep what we had.
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) got.now = lim.rlim_max;
  }
  return got;
}

std::string describe(const open_files& limit) {
  std::string text = "open files: at most " + number(limit.now);
  if (limit.now != limit.before) text += " (raised from " + number(limit.before) + ")";
  text += limit.now == limit.hard ? ", the hard limit" : ", under the hard limit " + number(limit.hard);
  return text;
}

}  // namespace ringside::server
