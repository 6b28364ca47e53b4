#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <cerrno>

#include "server/http_session.hpp"
#include "server/metrics.hpp"
#include "server/tls_handshake.hpp"

namespace ringside::server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Enough for a few operators' probes at once; each costs one descriptor on /dev/null.
constexpr std::size_t spare_descriptors = 8;
// After a failed accept: long enough that a full process costs nothing, short enough that a
// connection waits no longer than a person notices once descriptors are free again.
constexpr auto accept_pause = std::chrono::milliseconds(50);
constexpr auto warning_interval = std::chrono::seconds(1);

// What a plain-HTTP connection over its address's cap is told before the close: a browser
// shows it, a script can read it. One non-blocking write: it is sent, or it is not.
std::string over_cap_answer(std::size_t cap) {
  const std::string body = "your address already has " + std::to_string(cap) +
                           " connections open, the most one address may have; close one first\n";
  return "HTTP/1.1 429 Too Many Requests\r\nServer: ringside/0.1.0\r\nRetry-After: 10\r\n"
         "Content-Type: text/plain\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

bool out_of_descriptors(const beast::error_code& ec) {
  return ec == net::error::no_descriptors ||
         ec == beast::error_code(ENFILE, boost::system::system_category());
}

}  // namespace

// Held by the connection let in on a spare descriptor; when it goes, the spare is taken
// again. Weak: a connection may outlive the listener (it ends with the io_context).
struct listener::spare_lease {
  std::weak_ptr<listener> owner;
  explicit spare_lease(std::weak_ptr<listener> l) : owner(std::move(l)) {}
  ~spare_lease() {
    if (const auto self = owner.lock()) {
      net::post(self->acceptor_.get_executor(), [self] { self->spares_.refill(); });
    }
  }
};

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, context& ctx, tls_certificate* tls)
    : ioc_(ioc),
      acceptor_(net::make_strand(ioc)),
      ctx_(ctx),
      tls_(tls),
      spares_(spare_descriptors),
      pause_(acceptor_.get_executor()) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  // accept_on_spare's synchronous accept must not wait when nobody is there.
  acceptor_.non_blocking(true);
}

tcp::endpoint listener::local_endpoint() const {
  return acceptor_.local_endpoint();
}

void listener::run() {
  do_accept();
}

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
    self->pause_.cancel();
  });
}

void listener::do_accept() {
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (!ec) {
    admit(std::move(socket), nullptr);
    return do_accept();
  }
  // The client gave up while waiting in the backlog: nothing is wrong here.
  if (ec == net::error::connection_aborted) return do_accept();
  if (out_of_descriptors(ec)) {
    ctx_.stats.accepts_out_of_fds.fetch_add(1);
    warn(ec);
    if (accept_on_spare()) return do_accept();
  } else {
    warn(ec);
  }
  pause();
}

bool listener::accept_on_spare() {
  if (!spares_.release_one()) return false;
  tcp::socket socket(net::make_strand(ioc_));
  beast::error_code ec;
  acceptor_.accept(socket, ec);
  if (ec) {
    spares_.refill();
    return false;
  }
  ctx_.stats.spare_fd_connections.fetch_add(1);
  admit(std::move(socket), std::make_shared<spare_lease>(weak_from_this()));
  return true;
}

void listener::admit(tcp::socket socket, std::shared_ptr<void> spare) {
  beast::error_code ec;
  const auto peer = socket.remote_endpoint(ec);
  // Gone already (reset while in the backlog): nothing to serve.
  if (ec) return;
  client_slot slot;
  if (!ctx_.clients.admit_connection(peer.address().to_string(), slot)) {
    ctx_.stats.tcp_connections_refused.fetch_add(1);
    // A TLS port's client would take plain text for a broken handshake: it gets the close only.
    if (!tls_) {
      const auto answer = over_cap_answer(ctx_.opts.clients.tcp_connections_per_address);
      socket.non_blocking(true, ec);
      if (!ec) socket.write_some(net::buffer(answer), ec);
    }
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
    return;
  }
  start_session(std::move(socket), std::move(slot), std::move(spare));
}

void listener::start_session(tcp::socket socket, client_slot slot, std::shared_ptr<void> spare) {
  if (tls_) {
    std::make_shared<tls_handshake>(std::move(socket), ctx_, *tls_, std::move(slot),
                                    std::move(spare))
        ->run();
  } else {
    std::make_shared<http_session>(std::move(socket), ctx_, std::move(slot), std::move(spare))
        ->run();
  }
}

void listener::pause() {
  pause_.expires_after(accept_pause);
  pause_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || !self->acceptor_.is_open()) return;
    self->spares_.refill();
    self->do_accept();
  });
}

void listener::warn(const beast::error_code& ec) {
  const auto now = std::chrono::steady_clock::now();
  if (last_warning_ && now - *last_warning_ < warning_interval) {
    ++unlogged_;
    return;
  }
  if (unlogged_ == 0) {
    spdlog::warn("accept: {}; trying again every {} ms", ec.message(), accept_pause.count());
  } else {
    spdlog::warn("accept: {}; {} more failed since the last warning; trying again every {} ms",
                 ec.message(), unlogged_, accept_pause.count());
  }
  last_warning_ = now;
  unlogged_ = 0;
}

}  // namespace ringside::server
