#pragma once
// listener: accepts TCP connections and hands each, on its own strand, to an http_session, or
// first to a tls_handshake when the port speaks TLS. At the open-files limit it neither spins
// nor floods the log: it tries again every 50 ms, warns at most once a second, and lets one
// connection at a time in on a spare descriptor (fd_reserve) so that /healthz and /metrics
// still answer while everything else gets a 503. Every connection is counted against its
// peer address from accept, before a byte is read, and one over the address's cap is closed
// at once.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "server/context.hpp"
#include "server/fd_reserve.hpp"

namespace ringside::server {

class tls_certificate;

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Binds and listens on `endpoint` (port 0 picks a free one); throws on failure, since a
  // server that cannot listen has nothing else to do. With `tls` (not null, outliving the
  // listener's connections) every connection starts with a TLS handshake.
  listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, context& ctx,
           tls_certificate* tls = nullptr);

  // The address actually bound (with the real port).
  boost::asio::ip::tcp::endpoint local_endpoint() const;
  // Starts accepting.
  void run();
  // Stops accepting; any thread.
  void stop();

 private:
  struct spare_lease;

  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  // At the limit: gives back a spare descriptor and accepts one connection on it; false when
  // no spare is left or nobody was waiting.
  bool accept_on_spare();
  // Counts a new connection against its peer address (client_limits::admit_connection) and
  // starts its session, or closes it at once when the address holds its cap (a plain-HTTP
  // port first writes a short 429). `spare`: a connection let in on a spare descriptor (null
  // for the others); dropping the last copy takes the spare again.
  void admit(boost::asio::ip::tcp::socket socket, std::shared_ptr<void> spare);
  // `slot`: the connection, counted against its peer address until it ends.
  void start_session(boost::asio::ip::tcp::socket socket, client_slot slot,
                     std::shared_ptr<void> spare);
  // Waits a little before the next accept, after a failure that trying again at once would
  // only repeat.
  void pause();
  // Warns about a failed accept, at most once a second, with how many were not logged.
  void warn(const boost::beast::error_code& ec);

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  context& ctx_;
  tls_certificate* tls_;
  fd_reserve spares_;
  boost::asio::steady_timer pause_;
  std::optional<std::chrono::steady_clock::time_point> last_warning_;
  std::uint64_t unlogged_ = 0;  // failures since the last warning
};

}  // namespace ringside::server
