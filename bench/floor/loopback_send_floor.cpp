// loopback_send_floor: the kernel's cost of one small send on loopback TCP, the floor under a
// fan-out delivery (one sendmsg per member per patch). Opens N connected pairs on 127.0.0.1,
// then sends one B-byte message on every sender socket in turn, R rounds, draining the
// receivers between rounds, and prints the sending thread's CPU time per send (on loopback the
// send also runs the receiver's side of TCP, as it does for the server).
// Usage: loopback_send_floor [pairs=5000] [bytes=860] [rounds=20]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

double thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 5000;
  const int bytes = argc > 2 ? std::atoi(argv[2]) : 860;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 20;
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = lim.rlim_max;
  setrlimit(RLIMIT_NOFILE, &lim);

  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      listen(listener, 4096) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    std::perror("listen");
    return 1;
  }
  std::vector<int> senders, receivers;
  for (int i = 0; i < pairs; ++i) {
    const int c = socket(AF_INET, SOCK_STREAM, 0);
    if (c < 0 || connect(c, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      std::perror("connect");
      return 1;
    }
    const int one = 1;
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    senders.push_back(c);
    receivers.push_back(accept(listener, nullptr, nullptr));
  }
  std::vector<char> message(static_cast<std::size_t>(bytes), 'x');
  std::vector<char> sink(1 << 16);
  double spent = 0;
  for (int r = 0; r < rounds; ++r) {
    const double t0 = thread_cpu_us();
    for (const int s : senders) {
      if (send(s, message.data(), message.size(), 0) != bytes) return 1;
    }
    spent += thread_cpu_us() - t0;
    for (const int s : receivers) {
      if (recv(s, sink.data(), sink.size(), 0) <= 0) return 1;
    }
  }
  std::printf("pairs %d bytes %d rounds %d: %.2f us of CPU per send\n", pairs, bytes, rounds,
              spent / (static_cast<double>(pairs) * rounds));
  return 0;
}
