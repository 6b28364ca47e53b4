#pragma once
// origin_policy: which web pages' scripts may open a WebSocket here. A
// browser names the page that opens a socket in `Origin`; without a check, any site a player
// visits could open one to us in their name. Allowed: a request without Origin (not a browser:
// the terminal client, bots), the server's own page (Origin's host is the request's Host, or
// X-Forwarded-Host from a trusted proxy), and the origins given with --allow-origin ("*": any).

#include <string>
#include <string_view>
#include <vector>

namespace ringside::server {

class origin_policy {
 public:
  // `allowed`: origins as a browser writes them ("https://play.example.org"), or "*".
  explicit origin_policy(const std::vector<std::string>& allowed);

  // Whether a page at `origin` may open a WebSocket to a request addressed to `host` (the
  // Host header, or a trusted proxy's X-Forwarded-Host). An empty origin is not a browser.
  bool allows(std::string_view origin, std::string_view host) const;

  // An --allow-origin value that no browser could send (no scheme, a path): why, or empty.
  static std::string check(std::string_view origin);

 private:
  bool any_ = false;
  std::vector<std::string> allowed_;  // lower case, no trailing '/'
};

}  // namespace ringside::server
