#pragma once
// interactive_ui — the terminal: the current room's board held at the top (screen_layout),
// messages scrolling under it, and a readline prompt with history and Tab completion at the
// bottom, all driven from the same io_context as the WebSocket. Server events print above the
// line being typed without disturbing it; the running clock ticks on the board every second.

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <optional>
#include <set>
#include <string>

#include "clients/cli/command.hpp"
#include "clients/cli/event_sink.hpp"
#include "clients/cli/review_stepper.hpp"
#include "clients/cli/screen_layout.hpp"

namespace ringside::cli {

class client_session;

class interactive_ui : public event_sink {
 public:
  interactive_ui(boost::asio::io_context& io, bool color, bool raw_json);
  ~interactive_ui() override;

  // Starts `session` and runs until `quit`, end of input (Ctrl-D), a signal, or a first
  // connection that fails; returns the exit status.
  int run(client_session& session);

  void on_message(const nlohmann::json& msg, const room_view* room) override;
  void on_link(link_status status, const std::string& detail) override;
  void on_result(const room_view& room) override;
  void on_note(const std::string& text) override;
  void on_events(const room_view& room, const std::vector<room_event>& events) override;

 private:
  static void on_line_cb(char* line);
  static char** complete_cb(const char* text, int start, int end);

  void handle_line(const std::string& line);
  bool handle_local(const command& cmd);
  void confirm_resign(const std::string& answer);
  // `review ROOM`: fetches the room's positions and shows its last ply.
  void start_review(const std::string& ref);
  // A line typed while reviewing: a step, `q`, or (false) an ordinary command.
  bool review_line(const std::string& line);
  // `games NAME` and `me`: the player's page, fetched over HTTP, printed when it comes.
  void show_player(const command& cmd);
  void send_request(const command& cmd);
  void wait_stdin();
  void wait_resize();
  void print_above(const std::string& text);
  void show_board(bool force);
  void apply(screen_layout::change change);
  void write_out(const std::string& text);
  void hide_line();
  void show_line();
  void tick();
  void update_prompt();
  std::string paint(const char* code, const std::string& text) const;
  void quit(int status);

  boost::asio::io_context& io_;
  bool color_;
  bool raw_json_;
  client_session* session_ = nullptr;
  boost::asio::posix::stream_descriptor stdin_;
  boost::asio::signal_set signals_;
  boost::asio::signal_set resized_;
  boost::asio::steady_timer ticker_;
  screen_layout layout_;
  std::string prompt_;
  std::optional<review_stepper> review_;  // `review ROOM`: the game stepped through, if any
  std::string pending_resign_;         // the room a `resign` waits to be confirmed for
  std::string inline_key_;             // what the last board printed inline showed (no fixed top)
  std::set<std::string> joins_shown_;  // rooms whose `joined` was told on this connection
  bool coords_ = false;                // `board coords`: cell names in place of the rings
  bool rooms_all_ = false;             // the next `rooms` reply lists finished games too
  bool active_ = false;                // readline owns the prompt line
  bool in_handler_ = false;            // inside the line handler: readline's line is already done
  int hidden_ = 0;                     // hide_line() depth
  char* saved_line_ = nullptr;
  int saved_point_ = 0;
  bool done_ = false;
  int status_ = 0;

  static interactive_ui* self_;  // readline's callbacks are plain functions
};

}  // namespace ringside::cli
