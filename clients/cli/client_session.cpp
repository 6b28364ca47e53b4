#include "clients/cli/client_session.hpp"

#include <algorithm>

#include "clients/cli/room_events.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

constexpr std::chrono::milliseconds first_backoff{500};
constexpr std::chrono::milliseconds max_backoff{8000};
constexpr std::size_t replies_kept = 256;

std::string room_of(const json& msg) {
  return field_string(msg, "room");
}

std::int64_t version_of(const json& msg) {
  const json& v = field(msg, "version");
  return v.is_number_integer() ? v.get<std::int64_t>() : -1;
}

}  // namespace

client_session::client_session(boost::asio::io_context& io, ws_url url, std::string name,
                               event_sink& sink, std::shared_ptr<boost::asio::ssl::context> tls)
    : io_(io),
      url_(std::move(url)),
      tls_(std::move(tls)),
      name_(std::move(name)),
      sink_(sink),
      store_(url_.text()),
      token_path_(store_.path().string()),
      retry_timer_(io) {}

void client_session::start() {
  saved_ = store_.load();
  // Rooms from an earlier run are rejoined after the hello, exactly like after a dropped link.
  for (const auto& [id, role] : saved_.rooms) rooms_.try_emplace(id, id);
  if (!saved_.rooms.empty() && current_.empty()) current_ = saved_.rooms.begin()->first;
  connect();
}

void client_session::stop() {
  stopped_ = true;
  retry_timer_.cancel();
  if (conn_) conn_->shut();
  conn_.reset();
}

void client_session::connect() {
  if (stopped_) return;
  welcomed_ = false;
  sink_.on_link(link_, link_ == link_status::connecting ? "connecting to " + url_.text()
                                                        : "reconnecting to " + url_.text());
  client::ws_connection::handlers h;
  h.on_open = [this] { on_open(); };
  h.on_message = [this](std::string_view text) { on_text(text); };
  h.on_close = [this](const client::ws_close_info& info) { on_close(info); };
  client::ws_options options;
  options.user_agent = "ringside-cli";
  options.tls = tls_;
  conn_ = std::make_shared<client::ws_connection>(io_, url_, options, std::move(h));
  conn_->start();
}

void client_session::on_open() {
  send_hello();
}

void client_session::send_hello() {
  // Compact room traffic: no position text (the client draws from the state and fetches the
  // positions for a review), no separate ack (a patch with `re` settles our move), and short
  // patch ops (the room mirror reads either form).
  json hello = {{"type", "hello"}, {"name", name_}, {"lean", true}, {"compact", true}};
  if (!saved_.token.empty()) hello["token"] = saved_.token;
  hello_id_ = send_internal(std::move(hello));
}

std::int64_t client_session::send_internal(json msg) {
  const auto id = next_id_++;
  msg["id"] = id;
  internal_.insert(id);
  if (conn_) conn_->send(msg.dump());
  return id;
}

std::optional<std::int64_t> client_session::request(json msg) {
  if (!welcomed_ || !conn_ || !conn_->is_open()) return std::nullopt;
  const auto id = next_id_++;
  msg["id"] = id;
  conn_->send(msg.dump());
  return id;
}

const json* client_session::reply(std::int64_t id) const {
  const auto it = replies_.find(id);
  return it == replies_.end() ? nullptr : &it->second;
}

room_view* client_session::room(const std::string& id) {
  const auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : &it->second;
}

room_view* client_session::current() {
  return room(current_);
}

void client_session::forget(const std::string& id) {
  rooms_.erase(id);
  if (current_ == id) current_ = rooms_.empty() ? std::string() : rooms_.begin()->first;
  saved_.rooms.erase(id);
  save();
}

void client_session::save() {
  if (!store_.save(saved_))
    sink_.on_note("could not write " + store_.path().string() +
                  "; a restart will start as a new player");
}

void client_session::on_close(const client::ws_close_info& info) {
  const std::string why = info.describe();
  conn_.reset();
  welcomed_ = false;
  rejoins_pending_.clear();
  if (stopped_) return;
  if (!ever_welcomed_) {
    // Nothing to come back to: a wrong address, a wrong path or no server. Retrying for ever
    // would only hide that.
    stopped_ = true;
    link_ = link_status::failed;
    sink_.on_link(link_, "could not connect to " + url_.text() + ": " + why +
                             ". Is the server running there? (--server ws://HOST:PORT/ws)");
    return;
  }
  link_ = link_status::reconnecting;
  const double seconds = std::chrono::duration<double>(backoff_).count();
  char delay[32];
  std::snprintf(delay, sizeof delay, "%.1fs", seconds);
  sink_.on_link(link_, "connection lost (" + why + "); reconnecting in " + delay);
  retry_timer_.expires_after(backoff_);
  backoff_ = std::min(backoff_ * 2, max_backoff);
  retry_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) connect();
  });
}

void client_session::on_text(std::string_view text) {
  json msg = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!msg.is_object()) {
    sink_.on_note("ignored a frame that is not a JSON object: " +
                  visible(std::string(text.substr(0, 80))));
    return;
  }
  const std::string type = field_string(msg, "type");
  const bool state_change = type == "joined" || type == "snapshot" || type == "patch";
  const std::string rid = room_of(msg);
  std::optional<room_facts> before;
  if (const room_view* v = rid.empty() ? nullptr : room(rid);
      v != nullptr && v->has_state() && type != "joined")
    before = facts_of(v->state());
  const bool had_rejoins = !rejoins_pending_.empty();
  const json& re = field(msg, "re");
  const std::int64_t re_id = re.is_number_integer() ? re.get<std::int64_t>() : 0;
  if (re_id != 0) {
    replies_[re_id] = msg;
    while (replies_.size() > replies_kept) replies_.erase(replies_.begin());
  }

  if (type == "welcome") {
    on_welcome(msg);
  } else if (type == "joined" || type == "snapshot") {
    on_room_state(msg, type == "joined");
  } else if (type == "patch") {
    on_patch(msg);
  } else if (type == "chat") {
    ++chats_seen_;
  } else if (type == "rooms") {
    listed_.clear();
    if (const json& list = field(msg, "rooms"); list.is_array())
      for (const auto& r : list) listed_.push_back(field_string(r, "room"));
  } else if (type == "logged_out") {
    // This device's token is revoked: go on as a new guest under the same name.
    sink_.on_note("logged out; going on as a new guest");
    saved_ = {};
    rooms_.clear();
    current_.clear();
    save();
    send_hello();
  } else if (type == "error" && re_id == hello_id_ && field_string(msg, "code") == "bad_token") {
    // The server no longer knows us (a new server, or the token was revoked): start afresh
    // as a new player rather than retrying a token that will never work.
    sink_.on_note(
        "the server did not know our token; joining as a new player (old seats are lost)");
    saved_ = {};
    // Seats belonged to the old identity; rejoining them as someone else would only fail.
    rooms_.clear();
    current_.clear();
    save();
    send_hello();
  } else if (type == "error" && rejoins_pending_.count(re_id) != 0) {
    const std::string id = rejoins_pending_[re_id];
    rejoins_pending_.erase(re_id);
    const std::string code = field_string(msg, "code");
    if (code == "no_such_room") {
      sink_.on_note("room " + visible(id) + " is gone");
      rooms_.erase(id);
      saved_.rooms.erase(id);
      save();
    } else {
      // The seat may be ours already and the join refused for another reason; a sync still
      // gets us the state.
      if (room_view* r = room(id)) resync(*r);
    }
  }
  room_view* view = rid.empty() ? nullptr : room(rid);
  if (view != nullptr && state_change) {
    // A state that arrives mid-turn says how long the mover has been thinking already.
    auto turn_seen = std::chrono::steady_clock::now();
    if (const json& e = field(msg, "clock_elapsed_ms"); type != "patch" && e.is_number_integer())
      turn_seen -= std::chrono::milliseconds(e.get<std::int64_t>());
    view->note_change(turn_seen);
  }
  if (had_rejoins && rejoins_pending_.empty()) choose_live_room();
  sink_.on_message(msg, view);
  if (view != nullptr && before && state_change) {
    const auto events = events_between(*before, facts_of(view->state()));
    if (!events.empty()) sink_.on_events(*view, events);
  }
  if (view != nullptr) check_result(*view);
  if (had_rejoins && rejoins_pending_.empty()) sink_.on_link(link_, "rejoined every room");
}

void client_session::on_welcome(const json& msg) {
  welcomed_ = true;
  ever_welcomed_ = true;
  backoff_ = first_backoff;
  link_ = link_status::connected;
  player_ = field_string(msg, "player");
  const std::string token = field_string(msg, "token");
  if (!token.empty()) saved_.token = token;
  saved_.player = player_;
  save();
  const json& guest = field(msg, "guest");
  sink_.on_link(link_, "connected as " + visible(field_string(msg, "name")) + " (" +
                           visible(player_) +
                           (guest.is_boolean() ? guest.get<bool>() ? ", guest" : ", account" : "") +
                           ")");
  // The server restored our seats from the token; joining again subscribes this connection
  // to each room and brings its state up to date.
  if (rooms_.empty()) chose_room_ = true;  // nothing to rejoin, nothing to choose
  for (auto& [id, view] : rooms_) {
    const auto saved = saved_.rooms.find(id);
    const bool player =
        view.seat().has_value() || (saved != saved_.rooms.end() && saved->second == "player");
    const auto rid =
        send_internal({{"type", "join"}, {"room", id}, {"as", player ? "player" : "spectator"}});
    rejoins_pending_[rid] = id;
  }
}

void client_session::on_room_state(const json& msg, bool joined) {
  const std::string id = room_of(msg);
  const json& state = field(msg, "state");
  if (id.empty() || !state.is_object()) return;
  auto [it, fresh] = rooms_.try_emplace(id, id);
  room_view& view = it->second;
  const bool seen = view.has_state();
  if (joined)
    view.reset(state, version_of(msg));
  else if (!view.adopt(state, version_of(msg)))
    return;  // older than our copy: a snapshot that raced newer patches
  if (joined) {
    const json& seat = field(msg, "seat");
    view.set_seat(seat.is_number_integer() ? std::optional<int>(seat.get<int>()) : std::nullopt);
    const json& re = field(msg, "re");
    const std::int64_t re_id = re.is_number_integer() ? re.get<std::int64_t>() : 0;
    rejoins_pending_.erase(re_id);
    // Only the user's own new/join/watch moves them to a room. The server also sends `joined`
    // on its own after a hello with a token, for every seat it restored, finished games too:
    // those never take the place of a live game.
    const bool asked = re_id != 0 && !internal(re_id);
    const room_view* now = current();
    if (asked || now == nullptr || (now->finished() && !view.finished())) current_ = id;
    // An old game the server lists is not news; one we were in when we last ran is.
    const bool was_ours = saved_.rooms.count(id) != 0;
    if (!seen && !asked && !was_ours && view.finished()) view.result_announced = true;
    // A finished game is not worth rejoining after a restart.
    if (view.finished())
      saved_.rooms.erase(id);
    else
      saved_.rooms[id] = view.seat() ? "player" : "spectator";
    save();
  }
}

void client_session::on_patch(const json& msg) {
  room_view* view = room(room_of(msg));
  if (view == nullptr || view->syncing()) return;
  const json& ops = field(msg, "ops");
  if (!ops.is_array()) return resync(*view);
  switch (view->apply(ops, version_of(msg))) {
    case room_view::patch_outcome::applied:
      break;
    case room_view::patch_outcome::stale:
    case room_view::patch_outcome::awaiting:
      break;
    case room_view::patch_outcome::gap:
      sink_.on_note("missed a version in room " + visible(view->id()) +
                    "; asking for the full state");
      resync(*view);
      break;
    case room_view::patch_outcome::failed:
      sink_.on_note("a patch did not apply in room " + visible(view->id()) +
                    "; asking for the full state");
      resync(*view);
      break;
  }
}

void client_session::resync(room_view& room) {
  room.await_snapshot();
  send_internal({{"type", "sync"}, {"room", room.id()}});
}

void client_session::check_result(room_view& room) {
  if (room.result_announced || !field(room.state(), "result").is_object()) return;
  room.result_announced = true;
  // A finished game is not rejoined after a restart.
  if (saved_.rooms.erase(room.id()) != 0) save();
  sink_.on_result(room);
}

void client_session::choose_live_room() {
  // After a restart the room to come back to is the live game, not whichever answered first;
  // after a dropped link the room the user was in stays, unless its game is over.
  const room_view* now = current();
  if (chose_room_ && now != nullptr && !now->finished()) return;
  chose_room_ = true;
  auto rank = [](const room_view& r) {
    if (!r.has_state() || r.finished()) return 0;
    if (r.seat() && r.my_turn()) return 5;
    if (r.seat() && r.status() == "playing") return 4;
    if (r.seat()) return 3;
    return r.status() == "playing" ? 2 : 1;
  };
  const room_view* best = now;
  for (const auto& [id, r] : rooms_)
    if (best == nullptr || rank(r) > rank(*best)) best = &r;
  if (best != nullptr) current_ = best->id();
}

void client_session::fetch_player(const std::string& name, bool games_only,
                                  std::function<void(client::http_answer)> done) {
  std::string target = "/api/players/" + client::url_encode(name);
  if (games_only) target += "/games";
  client::http_get(io_, url_, std::move(target), tls_, std::move(done));
}

}  // namespace ringside::cli
