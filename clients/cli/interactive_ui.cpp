// interactive_ui, the input side: readline in callback mode on the io_context, Tab completion,
// and the commands typed at the prompt. What the server says is shown by interactive_view.cpp.
#include "clients/cli/interactive_ui.hpp"

// clang-format off
#include <cstdio>
#include <readline/readline.h>
#include <readline/history.h>
// clang-format on
#include <unistd.h>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>

#include "clients/cli/client_session.hpp"
#include "clients/cli/completion.hpp"
#include "clients/cli/game_words.hpp"
#include "clients/cli/move_tokens.hpp"
#include "clients/cli/options.hpp"
#include "clients/cli/player_text.hpp"
#include "clients/cli/request_builder.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"
#include "clients/cli/text_grid.hpp"
#include "clients/cli/token_store.hpp"
#include "clients/common/http_get.hpp"

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

// A terminal that understands cursor movement and scroll regions.
bool capable_terminal() {
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) != 0 && term != nullptr && *term != '\0' &&
         std::strcmp(term, "dumb") != 0;
}

}  // namespace

interactive_ui::interactive_ui(boost::asio::io_context& io, bool color, bool raw_json)
    : io_(io),
      color_(color),
      raw_json_(raw_json),
      stdin_(io, ::dup(STDIN_FILENO)),
      signals_(io, SIGINT, SIGTERM),
      resized_(io, SIGWINCH),
      ticker_(io),
      layout_(capable_terminal() && !raw_json) {
  self_ = this;
}

interactive_ui::~interactive_ui() {
  if (active_) rl_callback_handler_remove();
  std::free(saved_line_);
  self_ = nullptr;
}

std::string interactive_ui::paint(const char* code, const std::string& text) const {
  return ringside::cli::paint(color_, code, text);
}

int interactive_ui::run(client_session& session) {
  session_ = &session;
  rl_catch_signals = 0;  // Asio owns SIGINT/SIGTERM, so the terminal is restored on the way out
  rl_catch_sigwinch = 0;
  rl_readline_name = "ringside";
  rl_attempted_completion_function = &interactive_ui::complete_cb;
  // History survives restarts, next to the token (and as private: it holds chat lines too).
  const std::string history = (config_dir() / "history").string();
  read_history(history.c_str());
  update_prompt();
  rl_callback_handler_install(prompt_.c_str(), &interactive_ui::on_line_cb);
  active_ = true;
  print_above(
      "Ringside client. Type `help` for the commands, `help moves` for how to write a move; "
      "Tab completes commands and legal moves.\n");
  signals_.async_wait([this](boost::system::error_code ec, int) {
    if (!ec) quit(0);
  });
  wait_resize();
  session.start();
  wait_stdin();
  tick();
  io_.run();
  if (layout_.fixed()) write_out(layout_.release());
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
  return status_;
}

void interactive_ui::wait_resize() {
  resized_.async_wait([this](boost::system::error_code ec, int) {
    if (ec || done_) return;
    rl_resize_terminal();
    layout_.read_size();
    apply(screen_layout::change::relayout);
    wait_resize();
  });
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
    self_->quit(0);
    return;
  }
  const std::string text(line);
  std::free(line);
  if (!text.empty()) add_history(text.c_str());
  // Readline has finished this line (the cursor is on a fresh one) and draws the next prompt
  // when we return: output now must not put the old line back.
  self_->in_handler_ = true;
  self_->handle_line(text);
  self_->in_handler_ = false;
}

char** interactive_ui::complete_cb(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  if (self_ == nullptr || self_->session_ == nullptr) return nullptr;
  const command before =
      parse_command(std::string_view(rl_line_buffer, static_cast<std::size_t>(start)));
  completion_context ctx;
  if (const room_view* room = self_->session_->current()) {
    ctx.game = room->game();
    if (room->my_turn()) ctx.moves = legal_tokens(room->state());
  }
  for (const auto& [id, view] : self_->session_->rooms()) ctx.rooms.push_back(id);
  for (const auto& id : self_->session_->listed_rooms()) ctx.rooms.push_back(id);
  // parse_command turns a bare token into "move"; a first word has no verb before it.
  completion_candidates = complete_word(text, before.verb, ctx);
  // A placement unfolds step by step: after `Wd4-` the line is not finished yet.
  rl_completion_suppress_append =
      completion_candidates.size() == 1 && is_partial_move(completion_candidates[0]) ? 1 : 0;
  return rl_completion_matches(text, completion_generator);
}

void interactive_ui::handle_line(const std::string& line) {
  if (!pending_resign_.empty()) return confirm_resign(line);
  if (review_ && review_line(line)) return;
  const command cmd = parse_command(line);
  if (cmd.verb.empty() || handle_local(cmd)) return;
  if (!is_request_verb(cmd.verb)) {
    std::string hint = "Unknown command \"" + visible(cmd.verb) + "\"; type `help` for the list";
    if (!cmd.verb.empty() && std::strchr("WGBwgb", cmd.verb[0]) != nullptr)
      hint += " (a ZERTZ move looks like Wd4-a1, Gc3 or Bd1xd3; `help moves` explains)";
    return print_above(hint + ".\n");
  }
  send_request(cmd);
}

bool interactive_ui::handle_local(const command& cmd) {
  const std::string& v = cmd.verb;
  room_view* room = session_->current();
  if (v == "quit" || v == "exit") {
    quit(0);
  } else if (v == "help") {
    print_above(cmd.args.empty()         ? help_text()
                : cmd.args[0] == "all"   ? help_all_text()
                : cmd.args[0] == "moves" ? help_moves_text()
                                         : "No help on \"" + visible(cmd.args[0]) +
                                               "\"; try `help`, `help all` or `help moves`.\n");
  } else if (v == "room" && cmd.args.size() == 1 && session_->room(cmd.args[0]) != nullptr) {
    session_->set_current(cmd.args[0]);
    update_prompt();
    show_board(true);
  } else if (v == "board") {
    if (!cmd.args.empty() && cmd.args[0] == "coords") {
      coords_ = !coords_;
      print_above(coords_ ? "Cell names shown on the board; `board coords` again hides them.\n"
                          : "Cell names hidden.\n");
    }
    if (room == nullptr) print_above("No current room.\n");
    show_board(true);
  } else if (v == "review") {
    if (cmd.args.size() != 1) {
      print_above("usage: review ROOM, e.g. review k3x9q2 (then n, p, first, last; q to leave)\n");
    } else {
      start_review(cmd.args[0]);
    }
  } else if (v == "games" || v == "me") {
    show_player(cmd);
  } else if (v == "state") {
    print_above(room == nullptr ? std::string("No current room.\n")
                                : room->state().dump(2, ' ', true) + "\n");
  } else if (v == "resign" && room != nullptr && room->seat() && room->status() == "playing") {
    pending_resign_ = room->id();
    print_above(paint("1;33", "Resign the game in room " + visible(room->id()) + " against " +
                                  seat_name(room->state(), 3 - *room->seat()) +
                                  "? Type y to resign, anything else to play on.") +
                "\n");
    update_prompt();
  } else {
    if (v == "rooms") rooms_all_ = !cmd.args.empty() && cmd.args[0] == "all";
    return false;
  }
  return true;
}

void interactive_ui::start_review(const std::string& ref) {
  const std::string id = resolve_room_ref(ref);
  // Room ids are letters, digits, - and _: anything else could not be one, nor go in a URL.
  const bool plain =
      !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
      });
  if (!plain) return print_above("\"" + visible(ref) + "\" is not a room id.\n");
  print_above("Fetching the positions of room " + id + "…\n");
  client::http_get(
      io_, session_->url(), "/api/rooms/" + id + "/positions", session_->tls(),
      [this, id](client::http_answer a) {
        if (done_) return;
        if (a.status == 404) return print_above("There is no room " + id + ".\n");
        if (a.status != 200) {
          const std::string why = a.status == 0 ? a.error : "HTTP " + std::to_string(a.status);
          return print_above(
              paint("31", "Could not fetch room " + id + "'s positions: " + visible(why)) + "\n");
        }
        review_ = review_stepper::from_answer(a.body);
        if (!review_) {
          return print_above(
              paint("31", "The server's answer for room " + id + " holds no positions.") + "\n");
        }
        update_prompt();
        show_board(true);
      });
}

bool interactive_ui::review_line(const std::string& line) {
  const command cmd = parse_command(line);
  // Enter alone steps on, as a pager does.
  const std::string word = cmd.verb.empty() ? "n" : cmd.args.empty() ? cmd.verb : "";
  if (word == "q") {
    review_.reset();
    print_above("Review ended.\n");
  } else if (word.empty() || !review_->step(word)) {
    return false;
  }
  update_prompt();
  show_board(true);
  return true;
}

void interactive_ui::show_player(const command& cmd) {
  const bool mine = cmd.verb == "me";
  if (!mine && cmd.args.size() != 1) return print_above("Usage: games NAME\n");
  session_->fetch_player(mine ? session_->name() : cmd.args[0], false,
                         [this, mine](client::http_answer a) {
                           const auto page = nlohmann::json::parse(a.body, nullptr, false);
                           if (a.status == 200 && page.is_object()) {
                             return print_above(player_summary_text(page) +
                                                (mine ? "" : player_games_text(page)));
                           }
                           const std::string why =
                               a.status == 0 ? "the server could not be reached: " + a.error
                                             : a.body.substr(0, a.body.find('\n'));
                           print_above(paint("31", visible(why)) + "\n");
                         });
}

void interactive_ui::confirm_resign(const std::string& answer) {
  const std::string room = std::exchange(pending_resign_, "");
  update_prompt();
  if (answer == "y" || answer == "yes" || answer == "Y") {
    if (!session_->request({{"type", "resign"}, {"room", room}}))
      print_above(paint("33", "Not connected (reconnecting…); try again in a moment.") + "\n");
    return;
  }
  print_above("Not resigned; play on.\n");
}

void interactive_ui::send_request(const command& cmd) {
  const built_request b = build_request(cmd, *session_);
  if (!b.error.empty()) return print_above(paint("31", visible(b.error)) + "\n");
  if (!session_->request(b.msg))
    return print_above(paint("33", "Not connected (reconnecting…); try again in a moment.") + "\n");
  if (cmd.verb == "leave") {
    print_above("Left room " + visible(b.room) + ".\n");
    session_->forget(b.room);
    update_prompt();
    show_board(true);
  }
}

void interactive_ui::hide_line() {
  if (hidden_++ > 0 || !active_ || in_handler_) return;
  // Take the half-typed line off the screen; show_line() puts it back where it was.
  saved_point_ = rl_point;
  saved_line_ = rl_copy_text(0, rl_end);
  rl_save_prompt();
  rl_replace_line("", 0);
  rl_redisplay();
}

void interactive_ui::show_line() {
  if (--hidden_ > 0 || !active_ || in_handler_) return;
  rl_restore_prompt();
  rl_set_prompt(prompt_.c_str());
  rl_replace_line(saved_line_ != nullptr ? saved_line_ : "", 0);
  rl_point = saved_point_;
  rl_forced_update_display();
  std::free(saved_line_);
  saved_line_ = nullptr;
}

void interactive_ui::quit(int status) {
  if (done_) return;
  done_ = true;
  status_ = status;
  boost::system::error_code ignored;
  stdin_.cancel(ignored);
  signals_.cancel(ignored);
  resized_.cancel(ignored);
  ticker_.cancel();
  if (session_ != nullptr) session_->stop();
  io_.stop();
}

}  // namespace ringside::cli
