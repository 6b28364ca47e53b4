#pragma once
// The whole server process: flags, logging, listening, serving until SIGINT/SIGTERM.

namespace ringside::server {

// Returns the process exit code: 0 after a clean shutdown, 1 on bad flags or a failed bind,
// 2 when the --data directory cannot be opened or written.
int run(int argc, char** argv);

}  // namespace ringside::server
