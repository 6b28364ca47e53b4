#include "clients/cli/secret_input.hpp"

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cstdlib>

namespace ringside::cli {

std::optional<std::string> read_secret(const std::string& prompt) {
  if (const char* env = std::getenv("RINGSIDE_PASSWORD"); env != nullptr) return std::string(env);
  const int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty < 0) return std::nullopt;
  termios before{};
  const bool is_terminal = ::tcgetattr(tty, &before) == 0;
  if (is_terminal) {
    termios quiet = before;
    quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
    quiet.c_lflag |= ICANON;
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  (void)!::write(tty, prompt.data(), prompt.size());
  std::string line;
  char c = 0;
  while (::read(tty, &c, 1) == 1 && c != '\n') line.push_back(c);
  if (is_terminal) ::tcsetattr(tty, TCSAFLUSH, &before);
  (void)!::write(tty, "\n", 1);
  ::close(tty);
  return line;
}

}  // namespace ringside::cli
