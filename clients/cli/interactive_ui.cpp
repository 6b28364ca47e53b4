#include "clients/cli/interactive_ui.hpp"

// clang-format off
#include <cstdio>
#include <readline/readline.h>
#include <readline/history.h>
// clang-format on
#include <unistd.h>

#include <sys/stat.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "clients/cli/board_renderer.hpp"
#include "clients/cli/client_session.hpp"
#include "clients/cli/completion.hpp"
#include "clients/cli/event_format.hpp"
#include "clients/cli/request_builder.hpp"
#include "clients/cli/state_fields.hpp"
#include "clients/cli/token_store.hpp"

namespace ringside::cli {

using nlohmann::json;

interactive_ui* interactive_ui::self_ = nullptr;

namespace {

std::vector<std::string> completion_candidates;

char* completion_generator(const char*, int state) {
  static std::size_t next = 0;
  if (state == 0) next = 0;
  if (next >= completion_candidates.size()) return nullptr;
  return strdup(completion_candidates[next++].c_str());
}

std::string player_name(const json& state, int seat) {
  const json& players = field(state, "players");
  const auto i = static_cast<std::size_t>(seat - 1);
  if (!players.is_array() || players.size() <= i) return "seat " + std::to_string(seat);
  const std::string name = field_string(players[i], "name");
  return name.empty() ? "seat " + std::to_string(seat) : name;
}

}  // namespace

interactive_ui::interactive_ui(boost::asio::io_context& io, bool color, bool raw_json)
    : io_(io),
      color_(color),
      raw_json_(raw_json),
      stdin_(io, ::dup(STDIN_FILENO)),
      signals_(io, SIGINT, SIGTERM) {
  self_ = this;
}

interactive_ui::~interactive_ui() {
  if (active_) rl_callback_handler_remove();
  self_ = nullptr;
}

std::string interactive_ui::paint(const char* code, const std::string& text) const {
  return color_ ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
}

int interactive_ui::run(client_session& session) {
  session_ = &session;
  rl_catch_signals = 0;  // Asio owns SIGINT/SIGTERM, so the terminal is restored on the way out
  rl_readline_name = "ringside";
  rl_attempted_completion_function = &interactive_ui::complete_cb;
  // History survives restarts, next to the token (and as private: it holds chat lines too).
  const std::string history = (config_dir() / "history").string();
  read_history(history.c_str());
  update_prompt();
  rl_callback_handler_install(prompt_.c_str(), &interactive_ui::on_line_cb);
  active_ = true;
  print_above("Ringside client. Type `help` for the commands; Tab completes commands and cells.\n");
  signals_.async_wait([this](boost::system::error_code ec, int) {
    if (!ec) quit();
  });
  session.start();
  wait_stdin();
  io_.run();
  if (active_) {
    rl_callback_handler_remove();
    active_ = false;
    std::fputc('\n', stdout);
  }
  std::error_code ec;
  std::filesystem::create_directories(config_dir(), ec);
  if (write_history(history.c_str()) == 0) {
    history_truncate_file(history.c_str(), 1000);
    ::chmod(history.c_str(), 0600);
  }
  return 0;
}

void interactive_ui::wait_stdin() {
  stdin_.async_wait(boost::asio::posix::stream_descriptor::wait_read,
                    [this](boost::system::error_code ec) {
                      if (ec || done_) return;
                      rl_callback_read_char();
                      if (!done_) wait_stdin();
                    });
}

void interactive_ui::on_line_cb(char* line) {
  if (self_ == nullptr) return;
  if (line == nullptr) {  // Ctrl-D
    self_->quit();
    return;
  }
  const std::string text(line);
  std::free(line);
  if (!text.empty()) add_history(text.c_str());
  self_->handle_line(text);
}

char** interactive_ui::complete_cb(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  if (self_ == nullptr || self_->session_ == nullptr) return nullptr;
  const command before =
      parse_command(std::string_view(rl_line_buffer, static_cast<std::size_t>(start)));
  completion_context ctx;
  if (const room_view* room = self_->session_->current()) {
    ctx.cells = room->cells();
    ctx.captures = room->capture_tokens();
  }
  for (const auto& [id, view] : self_->session_->rooms()) ctx.rooms.push_back(id);
  for (const auto& id : self_->session_->listed_rooms()) ctx.rooms.push_back(id);
  // parse_command turns a bare token into "move"; a first word has no verb before it.
  completion_candidates = complete_word(text, before.verb, ctx);
  return rl_completion_matches(text, completion_generator);
}

void interactive_ui::handle_line(const std::string& line) {
  const command cmd = parse_command(line);
  if (cmd.verb.empty()) return;
  const std::string& v = cmd.verb;
  if (v == "quit" || v == "exit") return quit();
  if (v == "help") return print_above(help_text());
  if (v == "room" && cmd.args.size() == 1 && session_->room(cmd.args[0]) != nullptr) {
    session_->set_current(cmd.args[0]);
    update_prompt();
    return show_board(*session_->current());
  }
  if (v == "board" || v == "state") {
    if (const room_view* room = session_->current()) {
      if (v == "board") return show_board(*room);
      return print_above(room->state().dump(2) + "\n");
    }
    return print_above("No current room.\n");
  }
  if (!is_request_verb(v))
    return print_above("Unknown command \"" + v + "\"; type `help` for the list.\n");
  const built_request b = build_request(cmd, *session_);
  if (!b.error.empty()) return print_above(paint("31", b.error) + "\n");
  if (!session_->request(b.msg))
    return print_above(paint("33", "Not connected (reconnecting…); try again in a moment.") + "\n");
  if (v == "leave") {
    print_above("Left room " + b.room + ".\n");
    session_->forget(b.room);
    update_prompt();
  }
}

void interactive_ui::on_message(const json& msg, const room_view* room) {
  if (raw_json_) return print_above(msg.dump() + "\n");
  const std::string type = field_string(msg, "type");
  if (type == "welcome") {
    print_above("Welcome, " + field_string(msg, "name") + " (player " +
                field_string(msg, "player") + ").\n");
  } else if (type == "rooms") {
    const json& list = field(msg, "rooms");
    std::string out =
        list.is_array() && !list.empty() ? "Rooms:\n" : "No open rooms; `new` creates one.\n";
    if (list.is_array())
      for (const auto& r : list) {
        std::string players;
        if (const json& p = field(r, "players"); p.is_array())
          for (const auto& n : p)
            players +=
                (players.empty() ? "" : " vs ") + (n.is_string() ? n.get<std::string>() : "(open)");
        out += "  " + field_string(r, "room") + "  " + field_string(r, "variant") + " " +
               field(r, "board").dump() + "  " + field_string(r, "status") + "  " + players + "\n";
      }
    print_above(out);
  } else if (type == "joined" && room != nullptr) {
    const std::string as =
        room->seat() ? "in seat " + std::to_string(*room->seat()) : "as a spectator";
    print_above("Joined room " + room->id() + " " + as + ".\n");
    if (session_->current() == room) show_board(*room);
  } else if ((type == "snapshot" || type == "patch") && room != nullptr &&
             session_->current() == room) {
    show_board(*room);
  } else if (type == "error") {
    print_above(paint("1;31", "Error (" + field_string(msg, "code") +
                                  "): " + field_string(msg, "message")) +
                "\n");
  } else if (type == "chat") {
    print_above(
        paint("36", "[" + field_string(msg, "room") + "] " + field_string(msg, "from") + ": ") +
        field_string(msg, "text") + "\n");
  } else if (type != "ack" && type != "patch" && type != "snapshot" && type != "joined") {
    print_above(format_event(msg, room) + "\n");
  }
  update_prompt();
}

void interactive_ui::on_link(link_status status, const std::string& detail) {
  if (status == link_status::reconnecting)
    print_above(paint("1;33", "Reconnecting… " + detail) + "\n");
  else if (status == link_status::connected)
    print_above(paint("32", detail) + "\n");
  else
    print_above(detail + "\n");
  update_prompt();
}

void interactive_ui::on_result(const room_view& room) {
  const json& result = field(room.state(), "result");
  const json& winner = field(result, "winner");
  const std::string who =
      winner.is_number_integer() ? player_name(room.state(), winner.get<int>()) + " wins" : "a tie";
  print_above(paint("1;32", "Game over in room " + room.id() + ": " + who + " (" +
                                field_string(result, "reason") + ").") +
              "\n");
}

void interactive_ui::on_note(const std::string& text) {
  print_above(paint("2", text) + "\n");
}

void interactive_ui::show_board(const room_view& room) {
  if (!room.has_state()) return print_above("Room " + room.id() + ": waiting for its state.\n");
  print_above("\n" + render_board(room.state(), {color_, room.seat()}));
}

void interactive_ui::update_prompt() {
  std::string p;
  if (session_ != nullptr && session_->link() != link_status::connected) p = "reconnecting… ";
  const room_view* room = session_ != nullptr ? session_->current() : nullptr;
  if (room != nullptr) {
    p += room->id();
    if (room->seat())
      p += room->my_turn() ? " (your move)" : " (seat " + std::to_string(*room->seat()) + ")";
    else
      p += " (watching)";
  } else {
    p += "ringside";
  }
  p += "> ";
  if (p == prompt_) return;
  prompt_ = p;
  if (active_) {
    rl_set_prompt(prompt_.c_str());
    rl_redisplay();
  }
}

void interactive_ui::print_above(const std::string& text) {
  if (!active_) {
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    return;
  }
  // Take the half-typed line off the screen, print, and put it back where it was.
  const int point = rl_point;
  char* saved = rl_copy_text(0, rl_end);
  rl_save_prompt();
  rl_replace_line("", 0);
  rl_redisplay();
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  rl_restore_prompt();
  rl_replace_line(saved, 0);
  rl_point = point;
  rl_forced_update_display();
  std::free(saved);
}

void interactive_ui::quit() {
  if (done_) return;
  done_ = true;
  boost::system::error_code ignored;
  stdin_.cancel(ignored);
  signals_.cancel(ignored);
  if (session_ != nullptr) session_->stop();
  io_.stop();
}

}  // namespace ringside::cli
