// interactive_ui, the other half: what the server says, shown — messages in the scrolling
// part, the current room's board in the fixed top (or inline on a small terminal), the
// prompt, and the clock tick. The input side (readline, commands) is in interactive_ui.cpp.
#include <readline/readline.h>

#include <algorithm>
#include <chrono>

#include "clients/cli/board_panel.hpp"
#include "clients/cli/board_renderer.hpp"
#include "clients/cli/client_session.hpp"
#include "clients/cli/event_format.hpp"
#include "clients/cli/game_words.hpp"
#include "clients/cli/interactive_ui.hpp"
#include "clients/cli/message_text.hpp"
#include "clients/cli/options.hpp"
#include "clients/cli/room_events.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;
using steady = std::chrono::steady_clock;

namespace {

constexpr auto tick_every = std::chrono::milliseconds(250);
constexpr long long warn_below_ms = 10000;

render_options options_for(const room_view& room, bool color, bool coords) {
  render_options o{color, room.seat(), coords, {}};
  const auto now = steady::now();
  for (int seat = 1; seat <= 2; ++seat)
    o.clock_ms[static_cast<std::size_t>(seat - 1)] = room.clock_ms(seat, now);
  return o;
}

}  // namespace

void interactive_ui::on_message(const json& msg, const room_view* room) {
  if (raw_json_) return print_above(msg.dump(-1, ' ', true, json::error_handler_t::replace) + "\n");
  const std::string type = field_string(msg, "type");
  const bool current = room != nullptr && session_->current() == room;
  if (type == "welcome") {
    print_above("Welcome, " + visible(field_string(msg, "name")) + " (player " +
                visible(field_string(msg, "player")) + ").\n");
  } else if (type == "rooms") {
    print_above(rooms_text(msg, std::exchange(rooms_all_, false)));
  } else if (type == "joined" && room != nullptr) {
    // The finished games the server lists after a reconnection are not worth a line each.
    const json& re = field(msg, "re");
    const bool asked = re.is_number_integer() && !session_->internal(re.get<std::int64_t>());
    if (!asked && room->finished() && room->result_announced) return update_prompt();
    // After a reconnection the server's own `joined` and the answer to our rejoin say the same.
    if (!asked && !joins_shown_.insert(room->id()).second) return update_prompt();
    std::string line = "Joined room " + visible(room->id()) + " " +
                       (room->seat() ? "in seat " + std::to_string(*room->seat())
                                     : std::string("as a spectator")) +
                       ".";
    if (room->status() == "playing") {
      // A correspondence game says by when: the list of joined rooms after a hello is the
      // player's "your turn" list.
      const json& players = field(room->state(), "players");
      const auto mover = static_cast<std::size_t>(std::max(1, room->to_move()) - 1);
      const json& due =
          players.is_array() && players.size() > mover ? field(players[mover], "deadline") : null_json();
      const std::string by =
          due.is_string() ? " (due " + visible(due.get<std::string>().substr(0, 16)) + " UTC)" : "";
      line += room->my_turn() ? " It is your move" + by + "."
                              : " " + seat_name(room->state(), room->to_move()) + " to move" + by + ".";
    }
    else if (room->status() == "waiting")
      line += " Waiting for a second player.";
    print_above(line + "\n");
    // What was said before we came: the last few of the room's recent lines, as chat is shown.
    const json& said = field(msg, "chat");
    if (said.is_array() && !said.empty()) {
      constexpr std::size_t shown_lines = 10;
      const std::size_t from = said.size() > shown_lines ? said.size() - shown_lines : 0;
      if (from > 0) print_above("(" + std::to_string(from) + " earlier chat lines not shown)\n");
      for (std::size_t i = from; i < said.size(); ++i) {
        if (!said[i].is_object()) continue;
        json entry = said[i];
        entry["room"] = room->id();
        print_above(chat_text(entry, color_) + "\n");
      }
    }
    if (current) show_board(true);
  } else if ((type == "snapshot" || type == "patch") && current) {
    show_board(false);
  } else if (type == "error") {
    print_above(error_text(msg, color_) + "\n");
  } else if (type == "chat") {
    print_above(chat_text(msg, color_) + "\n");
  } else if (type == "notice") {
    print_above(notice_text(msg, color_) + "\n");
  } else if (type == "seeking") {
    print_above("Waiting for an opponent who seeks the same; `cancel` withdraws the seek.\n");
  } else if (type == "paired") {
    print_above("Paired with " + visible(field_string(field(msg, "opponent"), "name")) +
                " in room " + visible(field_string(msg, "room")) + ".\n");
  } else if (type == "seek_cancelled") {
    const json& ids = field(msg, "seeks");
    const auto n = ids.is_array() ? ids.size() : 0;
    print_above(n == 0 ? std::string("You had no open seek.\n")
                       : "Withdrew " + std::to_string(n) + (n == 1 ? " seek.\n" : " seeks.\n"));
  } else if (type == "declined") {
    const json& seat = field(msg, "seat");
    const std::string who = seat.is_number_integer() && room != nullptr
                                ? seat_name(room->state(), seat.get<int>())
                                : std::string("The other player");
    print_above(who + " declined the " + visible(field_string(msg, "offer")) + ".\n");
  } else if (type == "rematch_started") {
    update_prompt();  // the room event says where; the new room's `joined` follows
  } else if (type != "ack" && type != "patch" && type != "snapshot" && type != "joined") {
    print_above(visible(format_event(msg, room)) + "\n");
  }
  update_prompt();
}

void interactive_ui::on_events(const room_view& room, const std::vector<room_event>& events) {
  const auto facts = facts_of(room.state());
  const bool current = session_->current() == &room;
  for (const auto& e : events) {
    std::string line = event_text(e, room.seat(), facts);
    if (!current) line.insert(0, "[" + visible(room.id()).append("] "));
    const bool offer = e.what == room_event::kind::draw_offered ||
                       e.what == room_event::kind::takeback_asked ||
                       e.what == room_event::kind::rematch_offered;
    const bool act = offer && room.seat() && *room.seat() != e.seat;
    print_above((act ? paint("1;36", line) : line) + "\n");
  }
}

void interactive_ui::on_link(link_status status, const std::string& detail) {
  if (status != link_status::connected) joins_shown_.clear();  // a new connection rejoins
  if (status == link_status::failed) {
    print_above(paint("1;31", visible(detail)) + "\n");
    return quit(exit_unreachable);
  }
  if (status == link_status::reconnecting)
    print_above(paint("1;33", "Reconnecting… " + visible(detail)) + "\n");
  else if (status == link_status::connected)
    print_above(paint("32", visible(detail)) + "\n");
  else
    print_above(visible(detail) + "\n");
  update_prompt();
}

void interactive_ui::on_result(const room_view& room) {
  print_above(paint("1;32", "Game over in room " + visible(room.id()) + ": " +
                                result_words(room.state()) + ".") +
              "\n");
  if (session_->current() == &room) show_board(false);
}

void interactive_ui::on_note(const std::string& text) {
  print_above(paint("2", visible(text)) + "\n");
}

void interactive_ui::show_board(bool force) {
  if (raw_json_ || session_ == nullptr) return;
  const room_view* room = session_->current();
  std::vector<std::string> lines;
  std::string key;
  if (review_) {
    // Reviewing: the ply looked at, not the live room (whose events still print below).
    render_options opt;
    opt.color = color_;
    opt.coords = coords_;
    lines = render_room(review_->state(), opt);
    lines.push_back(paint("1;36", visible(review_->where())));
    key = "review/" + review_->room() + "/" + std::to_string(review_->ply()) +
          (coords_ ? "/coords" : "");
  } else if (room != nullptr && room->has_state()) {
    lines = render_room(room->state(), options_for(*room, color_, coords_));
    key = room->id() + "/" + room->status() + "/" +
          std::to_string(field_int(room->state(), "ply", 0)) + (coords_ ? "/coords" : "");
  } else if (room != nullptr) {
    lines = {"Room " + visible(room->id()) + ": waiting for its state."};
  }
  auto change = layout_.set_top(lines);
  // Asked for (`board`, a room switch, a join): draw the whole screen again, in case the
  // terminal lost it.
  if (force && layout_.fixed()) change = screen_layout::change::relayout;
  if (change != screen_layout::change::none) apply(change);
  if (layout_.fixed() || lines.empty()) return;
  // No room for a fixed board: print it in the flow, but only when something moved.
  if (!force && key == inline_key_) return;
  inline_key_ = key;
  std::string text = "\n";
  for (const auto& l : lines) text += l + "\n";
  print_above(text);
}

void interactive_ui::apply(screen_layout::change change) {
  if (change == screen_layout::change::repaint) return write_out(layout_.paint_top());
  if (change != screen_layout::change::relayout) return;
  hide_line();
  write_out(layout_.relayout());
  show_line();
}

void interactive_ui::tick() {
  ticker_.expires_after(tick_every);
  ticker_.async_wait([this](boost::system::error_code ec) {
    if (ec || done_) return;
    room_view* room = session_ != nullptr ? session_->current() : nullptr;
    if (room != nullptr && room->status() == "playing") {
      show_board(false);
      const auto left = room->clock_ms(room->to_move(), steady::now());
      const int ply = field_int(room->state(), "ply", 0);
      if (room->my_turn() && left && *left <= warn_below_ms && room->warned_ply != ply) {
        room->warned_ply = ply;
        print_above(paint("1;31", clock_text(*left) + " left on your clock!") + "\n");
      }
      update_prompt();
    }
    tick();
  });
}

void interactive_ui::update_prompt() {
  std::string p;
  const room_view* room = session_ != nullptr ? session_->current() : nullptr;
  if (!pending_resign_.empty()) {
    p = "Resign? [y/N] ";
  } else if (review_) {
    p = "review " + visible(review_->room()) + " [n/p/first/last/q]> ";
  } else {
    const link_status link = session_ != nullptr ? session_->link() : link_status::connected;
    if (link == link_status::connecting) p = "connecting… ";
    if (link == link_status::reconnecting) p = "reconnecting… ";
    if (room == nullptr) {
      p += "ringside";
    } else {
      p += visible(room->id());
      if (room->finished())
        p += " (game over)";
      else if (room->status() == "waiting")
        p += " (waiting for a player)";
      else if (!room->seat())
        p += " (watching)";
      else if (room->my_turn()) {
        p += " (your move";
        if (const auto ms = room->clock_ms(*room->seat(), steady::now()))
          p += " " + clock_text(*ms);
        p += ")";
      } else {
        p += " (" + seat_name(room->state(), room->to_move()) + " to move)";
      }
    }
    p += "> ";
  }
  if (p == prompt_) return;
  prompt_ = p;
  if (!active_) return;
  if (hidden_ > 0) return;  // show_line() puts the new prompt up
  rl_set_prompt(prompt_.c_str());
  if (!in_handler_) rl_redisplay();
}

void interactive_ui::print_above(const std::string& text) {
  layout_.remember(text);
  hide_line();
  write_out(text);
  show_line();
}

void interactive_ui::write_out(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace ringside::cli
