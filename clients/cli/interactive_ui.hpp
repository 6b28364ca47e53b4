#pragma once
// interactive_ui — the terminal: a readline prompt with history and Tab completion, driven
// from the same io_context as the WebSocket, so server events print above the line being
// typed without disturbing it.

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <string>

#include "clients/cli/command.hpp"
#include "clients/cli/event_sink.hpp"

namespace ringside::cli {

class client_session;

class interactive_ui : public event_sink {
 public:
  interactive_ui(boost::asio::io_context& io, bool color, bool raw_json);
  ~interactive_ui() override;

  // Starts `session` and runs until `quit`, end of input (Ctrl-D) or a signal; returns the
  // exit status.
  int run(client_session& session);

  void on_message(const nlohmann::json& msg, const room_view* room) override;
  void on_link(link_status status, const std::string& detail) override;
  void on_result(const room_view& room) override;
  void on_note(const std::string& text) override;

 private:
  static void on_line_cb(char* line);
  static char** complete_cb(const char* text, int start, int end);

  void handle_line(const std::string& line);
  void wait_stdin();
  void print_above(const std::string& text);
  void show_board(const room_view& room);
  void update_prompt();
  std::string paint(const char* code, const std::string& text) const;
  void quit();

  boost::asio::io_context& io_;
  bool color_;
  bool raw_json_;
  client_session* session_ = nullptr;
  boost::asio::posix::stream_descriptor stdin_;
  boost::asio::signal_set signals_;
  std::string prompt_;
  bool active_ = false;  // readline owns the prompt line
  bool done_ = false;

  static interactive_ui* self_;  // readline's callbacks are plain functions
};

}  // namespace ringside::cli
