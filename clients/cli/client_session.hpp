#pragma once
// client_session — the protocol side of the client: says hello, keeps the token, mirrors the
// rooms it is in, reconnects with backoff and rejoins its rooms. It sends what the user asks
// and reports what the server answers; it never decides whether a move is legal.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "clients/cli/event_sink.hpp"
#include "clients/cli/room_view.hpp"
#include "clients/cli/token_store.hpp"
#include "clients/common/http_get.hpp"
#include "clients/common/ws_connection.hpp"
#include "clients/common/ws_url.hpp"

namespace ringside::cli {

using client::ws_url;

class client_session {
 public:
  // `tls`: how a wss:// server's certificate is checked (null: the system's authorities).
  client_session(boost::asio::io_context& io, ws_url url, std::string name, event_sink& sink,
                 std::shared_ptr<boost::asio::ssl::context> tls = nullptr);

  // Loads the saved identity and connects; reconnects on its own from then on.
  void start();
  // Closes the connection for good (no reconnect).
  void stop();
  // True once the first connection has failed: the address is wrong or nothing listens there.
  bool failed() const { return link_ == link_status::failed; }

  // True once welcomed and every room from before the (re)connection has answered its rejoin.
  bool ready() const { return welcomed_ && rejoins_pending_.empty(); }
  link_status link() const { return link_; }
  // The server and how its certificate is checked, for the HTTP requests beside the socket.
  const ws_url& url() const { return url_; }
  const std::shared_ptr<boost::asio::ssl::context>& tls() const { return tls_; }

  // Sends `msg` with a fresh `id` and returns the id, or empty when not connected.
  std::optional<std::int64_t> request(nlohmann::json msg);
  // The direct reply (`re` == id) once it has arrived.
  const nlohmann::json* reply(std::int64_t id) const;
  // Whether `id` was sent by the session itself (hello, rejoins), not by the user.
  bool internal(std::int64_t id) const { return internal_.count(id) != 0; }

  room_view* room(const std::string& id);
  const std::map<std::string, room_view>& rooms() const { return rooms_; }
  // The room commands act on: the last one created, joined or watched, or chosen by `room`.
  room_view* current();
  void set_current(const std::string& id) { current_ = id; }
  // Forgets a room after `leave`, here and in the saved identity.
  void forget(const std::string& id);

  const std::string& player_id() const { return player_; }
  const std::string& name() const { return name_; }
  // How many chat messages have arrived, so a script can wait for its own to come back.
  std::size_t chats_seen() const { return chats_seen_; }
  // Room ids from the last `rooms` answer, for completion.
  const std::vector<std::string>& listed_rooms() const { return listed_; }
  const std::string& token_path() const { return token_path_; }

  // GETs the page of player `name` (`games_only`: just their games) from this server's
  // /api/players/NAME, over the same host, port and TLS as the WebSocket; `done` runs on the
  // io_context with the answer.
  void fetch_player(const std::string& name, bool games_only,
                    std::function<void(client::http_answer)> done);

 private:
  void connect();
  void on_open();
  void on_text(std::string_view text);
  void on_close(const client::ws_close_info& info);
  void send_hello();
  void on_welcome(const nlohmann::json& msg);
  void on_room_state(const nlohmann::json& msg, bool joined);
  void on_patch(const nlohmann::json& msg);
  void check_result(room_view& room);
  void choose_live_room();
  void resync(room_view& room);
  void save();
  std::int64_t send_internal(nlohmann::json msg);

  boost::asio::io_context& io_;
  ws_url url_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  std::string name_;
  event_sink& sink_;
  token_store store_;
  std::string token_path_;
  saved_identity saved_;
  std::shared_ptr<client::ws_connection> conn_;
  boost::asio::steady_timer retry_timer_;
  std::chrono::milliseconds backoff_{500};
  link_status link_ = link_status::connecting;
  bool stopped_ = false;
  bool welcomed_ = false;
  bool ever_welcomed_ = false;  // in this run: until then a failed connection is final
  bool chose_room_ = false;     // the live room was chosen after the first rejoins
  std::int64_t next_id_ = 1;
  std::int64_t hello_id_ = 0;
  std::set<std::int64_t> internal_;
  std::map<std::int64_t, std::string> rejoins_pending_;  // request id -> room
  std::map<std::int64_t, nlohmann::json> replies_;
  std::map<std::string, room_view> rooms_;
  std::string current_;
  std::string player_;
  std::size_t chats_seen_ = 0;
  std::vector<std::string> listed_;
};

}  // namespace ringside::cli
