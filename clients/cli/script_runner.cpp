#include "clients/cli/script_runner.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "clients/cli/board_renderer.hpp"
#include "clients/cli/client_session.hpp"
#include "clients/cli/event_format.hpp"
#include "clients/cli/player_text.hpp"
#include "clients/cli/request_builder.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

script_runner::script_runner(boost::asio::io_context& io, line_reader& input,
                             script_options options)
    : io_(io), input_(input), options_(options), deadline_(io), ticker_(io) {}

int script_runner::run(client_session& session) {
  session_ = &session;
  session.start();
  begin_wait(
      "the connection", [this] { return session_->ready() ? ok() : pending(); },
      [this] { next_line(); });
  tick();
  io_.run();
  return status_;
}

void script_runner::print(const std::string& line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);  // a driving process reads us line by line through a pipe
}

void script_runner::on_message(const json& msg, const room_view* room) {
  if (done_) return;
  // On a lean connection the patch is the answer to our move: it is written as the ack it
  // replaces, then as the patch, so a script reads the same lines either way.
  if (!options_.raw_json && field_string(msg, "type") == "patch" &&
      field(msg, "re").is_number_integer())
    print(format_event(json{{"type", "ack"},
                            {"re", field(msg, "re")},
                            {"room", field(msg, "room")},
                            {"version", field(msg, "version")}},
                       room));
  // --json output is pure ASCII JSON: escapes cannot reach the terminal and it parses back.
  print(options_.raw_json ? msg.dump(-1, ' ', true, json::error_handler_t::replace)
                          : format_event(msg, room));
  if (field_string(msg, "type") == "error") {
    const json& re = field(msg, "re");
    const std::int64_t id = re.is_number_integer() ? re.get<std::int64_t>() : 0;
    // The current command's errors are judged by its wait; internal requests (a rejoin that
    // falls back to sync) are the session's business; anything else nobody asked for.
    if (id == 0 || (id != command_id_ && !session_->internal(id)))
      return fail(exit_unexpected_error, "unexpected error " + field_string(msg, "code") + ": " +
                                             field_string(msg, "message"));
  }
  check_wait();
}

void script_runner::on_link(link_status status, const std::string& detail) {
  if (done_) return;
  const char* name = status == link_status::connected    ? "connected"
                     : status == link_status::connecting ? "connecting"
                     : status == link_status::failed     ? "failed"
                                                         : "reconnecting";
  const std::string line = std::string("link status=") + name + " detail=" + quoted(detail);
  if (options_.raw_json)
    std::cerr << line << '\n';
  else
    print(line);
  // A first connection that failed will not be retried: stop now rather than time out.
  if (status == link_status::failed) return fail(exit_unreachable, visible(detail));
  check_wait();
}

void script_runner::on_result(const room_view& room) {
  if (done_) return;
  if (!options_.raw_json) print(format_result(room));
  check_wait();
}

void script_runner::on_note(const std::string& text) {
  std::cerr << "ringside: " << visible(text) << '\n';
}

void script_runner::next_line() {
  if (done_) return;
  input_.async_next([this](std::optional<std::string> line) { on_line(std::move(line)); });
}

void script_runner::on_line(std::optional<std::string> line) {
  if (done_) return;
  if (!line) return finish(exit_ok);
  ++line_no_;
  const command cmd = parse_command(*line);
  if (cmd.verb.empty()) return next_line();
  execute(cmd);
}

void script_runner::execute(const command& cmd) {
  // Commands go out only on a welcomed connection; after a drop that means waiting for the
  // reconnect and the rejoins, which is what makes a script survive a cut link.
  if (!session_->ready())
    return begin_wait(
        "the connection", [this] { return session_->ready() ? ok() : pending(); },
        [this, cmd] { execute(cmd); });
  const std::string& v = cmd.verb;
  command_id_ = 0;
  if (v == "expect-error") {
    if (cmd.args.size() != 1)
      return fail(exit_usage, "line " + std::to_string(line_no_) + ": usage: expect-error CODE");
    expected_error_ = cmd.args[0];
    return next_line();
  }
  if (v == "quit" || v == "exit") return finish(exit_ok);
  if (v == "help") {
    std::cout << (!cmd.args.empty() && cmd.args[0] == "moves" ? help_moves_text() : help_all_text())
              << std::flush;
    return command_done(ok());
  }
  if ((v == "join" || v == "watch") && cmd.args.size() == 1 && cmd.args[0].starts_with('@') &&
      resolve_room_ref(cmd.args[0]).empty()) {
    // The other script writes the file when it has created the room; wait for it.
    const std::string ref = cmd.args[0];
    return begin_wait(
        "a room id in " + ref.substr(1),
        [ref] { return resolve_room_ref(ref).empty() ? pending() : ok(); },
        [this, cmd] { execute_request(cmd); });
  }
  if (is_request_verb(v)) return execute_request(cmd);
  if (v.starts_with("wait-")) return execute_wait(cmd);
  if (v == "games" || v == "me") return execute_player(cmd);

  room_view* room = session_->current();
  if (v == "room") {
    if (cmd.args.size() != 1 || session_->room(cmd.args[0]) == nullptr)
      return command_done(failed("no_such_room", "usage: room ROOM, one of the rooms we are in"));
    session_->set_current(cmd.args[0]);
    return command_done(ok());
  }
  if (room == nullptr) return command_done(failed("no_room", "no current room for `" + v + "`"));
  if (v == "state") {
    print("state room=" + script_value(room->id()) + " version=" + std::to_string(room->version()) +
          " " + room->state().dump(-1, ' ', true, json::error_handler_t::replace));
    return command_done(ok());
  }
  if (v == "board") {
    std::cout << render_board(room->state(), {false, room->seat()}) << std::flush;
    return command_done(ok());
  }
  if (v == "room-file") {
    if (cmd.args.size() != 1) return command_done(failed("bad_command", "usage: room-file PATH"));
    // Written aside and renamed, so a reader polling for the file never sees half an id.
    const std::string tmp = cmd.args[0] + ".tmp";
    std::ofstream(tmp) << room->id() << '\n';
    std::error_code ec;
    std::filesystem::rename(tmp, cmd.args[0], ec);
    if (ec) return command_done(failed("io", "cannot write " + cmd.args[0] + ": " + ec.message()));
    return command_done(ok());
  }
  command_done(failed("unknown_command", "unknown command \"" + v + "\" (see --help)"));
}

void script_runner::execute_player(const command& cmd) {
  const bool mine = cmd.verb == "me";
  if (!mine && cmd.args.size() != 1) return command_done(failed("bad_command", "usage: games NAME"));
  auto answer = std::make_shared<std::optional<client::http_answer>>();
  session_->fetch_player(mine ? session_->name() : cmd.args[0], false,
                         [this, answer](client::http_answer a) {
                           *answer = std::move(a);
                           check_wait();
                         });
  begin_wait("the player's page",
             [answer, mine]() -> outcome {
               if (!answer->has_value()) return pending();
               const auto& a = **answer;
               if (a.status == 0) return failed("not_connected", a.error);
               const std::string why = a.body.substr(0, a.body.find('\n'));
               if (a.status == 404) return failed("no_such_player", why);
               const auto page = nlohmann::json::parse(a.body, nullptr, false);
               if (a.status != 200 || !page.is_object())
                 return failed("http_" + std::to_string(a.status), why);
               std::cout << player_summary_line(page) << (mine ? "" : player_games_lines(page))
                         << std::flush;
               return ok();
             },
             {});
}

script_runner::outcome script_runner::reply_outcome(std::int64_t id) const {
  const json* r = session_->reply(id);
  if (r == nullptr) return pending();
  if (field_string(*r, "type") == "error") {
    outcome out = failed(field_string(*r, "code"), field_string(*r, "message"));
    out.local = false;  // already printed when it arrived
    return out;
  }
  return ok();
}

void script_runner::execute_request(const command& cmd) {
  const built_request b = build_request(cmd, *session_);
  if (!b.error.empty()) return command_done(failed("bad_command", b.error));
  const std::string room_id = b.room;
  const room_view* room = session_->room(room_id);
  const std::int64_t v0 = room != nullptr ? room->version() : -1;
  const std::size_t chats0 = session_->chats_seen();
  const auto id = session_->request(b.msg);
  if (!id) return command_done(failed("not_connected", "not connected"));
  command_id_ = *id;
  const std::string& v = cmd.verb;
  const std::string what = "the reply to `" + v + "`";
  if (v == "move") {
    // Done when the ack has come and our copy has caught up with the version it produced, so
    // the next command sees the position after this move.
    return begin_wait(what,
                      [this, id = *id, room_id] {
                        const outcome r = reply_outcome(id);
                        if (r.k != outcome::kind::ok) return r;
                        const json& version = field(*session_->reply(id), "version");
                        const room_view* view = session_->room(room_id);
                        if (!version.is_number_integer() || view == nullptr) return ok();
                        return view->version() >= version.get<std::int64_t>() ? ok() : pending();
                      },
                      {});
  }
  // resign, offer_draw, chat and cancel_room are answered by a patch or a chat, which carry
  // no `re`.
  const bool ends_room =
      v == "resign" || (v == "cancel" && b.msg.value("type", "") == "cancel_room");
  if (ends_room || v == "draw" || v == "say") {
    return begin_wait(what,
                      [this, id = *id, room_id, v, v0, chats0, ends_room] {
                        const outcome r = reply_outcome(id);
                        if (r.k != outcome::kind::pending) return r;
                        const room_view* view = session_->room(room_id);
                        if (v == "say") return session_->chats_seen() > chats0 ? ok() : pending();
                        if (view == nullptr) return pending();
                        if (ends_room) return view->finished() ? ok() : pending();
                        return view->version() > v0 ? ok() : pending();
                      },
                      {});
  }
  if (v == "leave") {
    // The server answers requests in order, so the reply to a list_rooms sent after the leave
    // means the leave was handled (an error for it would have come first).
    const auto barrier = session_->request({{"type", "list_rooms"}});
    return begin_wait(what,
                      [this, id = *id, barrier, room_id] {
                        const outcome r = reply_outcome(id);
                        if (r.k != outcome::kind::pending || !barrier) return r;
                        if (session_->reply(*barrier) == nullptr) return pending();
                        session_->forget(room_id);
                        return ok();
                      },
                      {});
  }
  begin_wait(what, [this, id = *id] { return reply_outcome(id); }, {});
}

void script_runner::execute_wait(const command& cmd) {
  room_view* room = session_->current();
  if (room == nullptr) return command_done(failed("no_room", "no current room to wait on"));
  const std::string room_id = room->id();
  const std::string& v = cmd.verb;
  auto view = [this, room_id] { return session_->room(room_id); };
  if (v == "wait-turn") {
    if (!room->seat())
      return command_done(
          failed("not_a_player", "we only watch room " + room_id + "; spectators have no turn"));
    return begin_wait("our turn",
                      [this, view] {
                        const room_view* r = view();
                        if (r == nullptr) return failed("no_room", "the room is gone");
                        if (r->finished())
                          return failed("game_over", "the game ended before our turn");
                        if (!r->my_turn()) return pending();
                        print("turn room=" + script_value(r->id()) +
                              " seat=" + std::to_string(*r->seat()) +
                              " version=" + std::to_string(r->version()));
                        return ok();
                      },
                      {});
  }
  if (v == "wait-version" && cmd.args.size() == 1) {
    const auto target = std::strtoll(cmd.args[0].c_str(), nullptr, 10);
    return begin_wait("version " + cmd.args[0],
                      [view, target] {
                        const room_view* r = view();
                        return r != nullptr && r->version() >= target ? ok() : pending();
                      },
                      {});
  }
  if (v == "wait-status" && cmd.args.size() == 1) {
    const std::string status = cmd.args[0];
    return begin_wait("status " + status,
                      [view, status] {
                        const room_view* r = view();
                        return r != nullptr && r->status() == status ? ok() : pending();
                      },
                      {});
  }
  if (v == "wait-result") {
    return begin_wait("the result",
                      [view] {
                        const room_view* r = view();
                        return r != nullptr && field(r->state(), "result").is_object() ? ok()
                                                                                       : pending();
                      },
                      {});
  }
  command_done(failed("bad_command",
                      "usage: wait-turn | wait-version N | wait-status STATUS | wait-result"));
}

void script_runner::begin_wait(std::string what, check_fn check, std::function<void()> then) {
  waiting_for_ = std::move(what);
  check_ = std::move(check);
  then_ = std::move(then);
  deadline_.expires_after(options_.timeout);
  deadline_.async_wait([this](boost::system::error_code ec) {
    if (!ec && check_) fail(exit_timeout, "timed out waiting for " + waiting_for_);
  });
  check_wait();
}

void script_runner::check_wait() {
  if (done_ || !check_) return;
  const outcome r = check_();
  if (r.k == outcome::kind::pending) return;
  check_ = nullptr;
  deadline_.cancel();
  auto then = std::exchange(then_, nullptr);
  // A continuation (the connection is back, the room file exists) runs the next step itself;
  // otherwise the command is complete.
  if (then && r.k == outcome::kind::ok) return then();
  command_done(r);
}

void script_runner::tick() {
  // Waits on files have no event to wake them; a slow tick covers them.
  ticker_.expires_after(std::chrono::milliseconds(50));
  ticker_.async_wait([this](boost::system::error_code ec) {
    if (ec || done_) return;
    check_wait();
    tick();
  });
}

void script_runner::command_done(const outcome& result) {
  const std::string expected = std::exchange(expected_error_, "");
  command_id_ = 0;
  if (result.k == outcome::kind::ok) {
    if (!expected.empty())
      return fail(exit_unexpected_error, "line " + std::to_string(line_no_) + ": expected error " +
                                             expected + ", but the command succeeded");
    return next_line();
  }
  if (!result.code.empty() && result.code == expected) {
    if (!options_.raw_json) print("expected-error code=" + script_value(result.code));
    return next_line();
  }
  // Local failures are printed like the server's; the server's own were printed on arrival.
  if (result.local && !options_.raw_json)
    print("error code=" + script_value(result.code) + " local=1 message=" + quoted(result.message));
  fail(exit_unexpected_error,
       "line " + std::to_string(line_no_) + ": " + result.code + ": " + result.message);
}

void script_runner::fail(int status, const std::string& why) {
  if (done_) return;
  std::cerr << "ringside: " << visible(why) << '\n';
  finish(status);
}

void script_runner::finish(int status) {
  if (done_) return;
  done_ = true;
  status_ = status;
  check_ = nullptr;
  deadline_.cancel();
  ticker_.cancel();
  if (session_ != nullptr) session_->stop();
  io_.stop();
}

}  // namespace ringside::cli
