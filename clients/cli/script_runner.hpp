#pragma once
// script_runner — `ringside --script`: runs commands from stdin one at a time, waits for each
// command's reply (or the condition it names) before reading the next, prints every server
// event as one line, and stops with a non-zero status on the first error it was not told to
// expect. See help_text() and README.md for the script commands.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <string>

#include "clients/cli/command.hpp"
#include "clients/cli/event_sink.hpp"
#include "clients/cli/line_reader.hpp"
#include "clients/cli/options.hpp"

namespace ringside::cli {

class client_session;

struct script_options {
  bool raw_json = false;                     // print protocol messages as they came
  std::chrono::milliseconds timeout{15000};  // the longest any one command may wait
};

class script_runner : public event_sink {
 public:
  script_runner(boost::asio::io_context& io, line_reader& input, script_options options);

  // Runs the script against `session` (not yet started) until it ends; returns the exit status.
  int run(client_session& session);

  void on_message(const nlohmann::json& msg, const room_view* room) override;
  void on_link(link_status status, const std::string& detail) override;
  void on_result(const room_view& room) override;
  void on_note(const std::string& text) override;

 private:
  struct outcome {
    enum class kind { pending, ok, failed } k = kind::pending;
    std::string code, message;
    bool local = true;  // found by the client, not an error message from the server
  };
  using check_fn = std::function<outcome()>;

  static outcome pending() { return {}; }
  static outcome ok() { return {outcome::kind::ok, {}, {}, true}; }
  static outcome failed(std::string code, std::string message) {
    return {outcome::kind::failed, std::move(code), std::move(message), true};
  }

  void next_line();
  void on_line(std::optional<std::string> line);
  void execute(const command& cmd);
  void execute_request(const command& cmd);
  void execute_wait(const command& cmd);
  // `games NAME` and `me`: the player's page, printed as key=value lines.
  void execute_player(const command& cmd);
  void begin_wait(std::string what, check_fn check, std::function<void()> then);
  void check_wait();
  void tick();
  void command_done(const outcome& result);
  void fail(int status, const std::string& why);
  void finish(int status);
  void print(const std::string& line);
  outcome reply_outcome(std::int64_t id) const;

  boost::asio::io_context& io_;
  line_reader& input_;
  script_options options_;
  client_session* session_ = nullptr;
  boost::asio::steady_timer deadline_;
  boost::asio::steady_timer ticker_;
  std::string waiting_for_;
  check_fn check_;
  std::function<void()> then_;
  std::string expected_error_;
  std::int64_t command_id_ = 0;  // the request of the command being run, to tell its errors apart
  std::size_t line_no_ = 0;
  int status_ = exit_ok;
  bool done_ = false;
};

}  // namespace ringside::cli
