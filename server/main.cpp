// ringside-server: parse the flags, then hand over to server::run.
#include "server/run.hpp"

int main(int argc, char** argv) {
  return ringside::server::run(argc, argv);
}
