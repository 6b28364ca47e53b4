// fault_io_preload: an LD_PRELOAD library that makes disk writes under one directory fail, so
// a test can watch a real, unmodified ringside-server meet a failing disk (SQLite reaches the
// kernel through these libc functions, which the preload interposes).
//
// Environment, read at every call so a test can switch faults on and off while the server runs:
//   RINGSIDE_FAULT_DIR      writes to files whose path starts with this prefix may fail
//   RINGSIDE_FAULT_TRIGGER  a file; while it exists, faults are on. Its first word says which:
//                           "write" (pwrite/write fail with ENOSPC), "sync" (fsync/fdatasync
//                           fail with EIO after the data was written) or "all" (both).
// Without the variables, or without the trigger file, every call goes straight to libc.
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

enum fault : unsigned { none = 0, on_write = 1, on_sync = 2 };

// Which faults the trigger file asks for now (0 when it is absent).
unsigned wanted() {
  const char* trigger = std::getenv("RINGSIDE_FAULT_TRIGGER");
  if (trigger == nullptr) return none;
  using open_fn = int (*)(const char*, int, ...);
  using read_fn = ssize_t (*)(int, void*, size_t);
  // The real open/read: this library interposes neither, but stays clear of stdio's locks.
  static const auto real_open = reinterpret_cast<open_fn>(dlsym(RTLD_NEXT, "open"));
  static const auto real_read = reinterpret_cast<read_fn>(dlsym(RTLD_NEXT, "read"));
  const int fd = real_open(trigger, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return none;
  char word[16] = {};
  const ssize_t n = real_read(fd, word, sizeof word - 1);
  close(fd);
  if (n <= 0) return on_write | on_sync;
  if (std::strncmp(word, "write", 5) == 0) return on_write;
  if (std::strncmp(word, "sync", 4) == 0) return on_sync;
  return on_write | on_sync;
}

// True when `fd` is a file under RINGSIDE_FAULT_DIR.
bool under_fault_dir(int fd) {
  const char* dir = std::getenv("RINGSIDE_FAULT_DIR");
  if (dir == nullptr || *dir == '\0') return false;
  char link[64];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  char path[4096];
  const ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return false;
  path[n] = '\0';
  return std::strncmp(path, dir, std::strlen(dir)) == 0;
}

bool should_fail(int fd, unsigned kind) {
  return (wanted() & kind) != 0 && under_fault_dir(fd);
}

template <typename Fn>
Fn next(const char* name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" {

ssize_t pwrite64(int fd, const void* buf, size_t count, off64_t offset) {
  static const auto real = next<ssize_t (*)(int, const void*, size_t, off64_t)>("pwrite64");
  if (should_fail(fd, on_write)) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, buf, count, offset);
}

ssize_t pwrite(int fd, const void* buf, size_t count, off_t offset) {
  static const auto real = next<ssize_t (*)(int, const void*, size_t, off_t)>("pwrite");
  if (should_fail(fd, on_write)) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, buf, count, offset);
}

ssize_t write(int fd, const void* buf, size_t count) {
  static const auto real = next<ssize_t (*)(int, const void*, size_t)>("write");
  // Descriptors 0-2 (the server's log) never fail; checking them would cost a readlink per line.
  if (fd > 2 && should_fail(fd, on_write)) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, buf, count);
}

int fdatasync(int fd) {
  static const auto real = next<int (*)(int)>("fdatasync");
  if (should_fail(fd, on_sync)) {
    errno = EIO;
    return -1;
  }
  return real(fd);
}

int fsync(int fd) {
  static const auto real = next<int (*)(int)>("fsync");
  if (should_fail(fd, on_sync)) {
    errno = EIO;
    return -1;
  }
  return real(fd);
}

}  // extern "C"
