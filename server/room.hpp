#pragma once
// room: one game, its seats, the connections watching it and its versioned state document.
// Everything a room owns is touched only on its own strand; the public calls below may come
// from any thread and post there. Every change makes exactly one new version and one RFC 6902
// patch, serialised once and shared by every member's write queue. room.cpp has the room's
// life and members, room_play.cpp the game played in it.

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/any_game.hpp"
#include "protocol/state.hpp"
#include "protocol/state_document.hpp"
#include "protocol/wire/messages.hpp"
#include "server/abandon_watch.hpp"
#include "server/chat_budget.hpp"
#include "server/chat_history.hpp"
#include "server/game_clock.hpp"
#include "server/rating/glicko2.hpp"
#include "server/identity.hpp"
#include "server/peer.hpp"
#include "server/room_presence.hpp"
#include "server/room_recorder.hpp"

namespace ringside::server {

class room_registry;
class metrics;

// What a room is made from; with the seat identities, the accepted move texts and the clocks
// this is everything needed to rebuild it (see accept_move for the journal's place).
struct room_settings {
  std::string id;
  protocol::game_settings game;  // names as on the wire; board as the game was made
  int creator_seat = 1;          // resolved from first/second/random at creation
  std::optional<protocol::clock_settings> clock;
  bool is_private = false;
  bool rated = false;   // the result may change both players' ratings (room_rating.cpp)
  std::string created;  // ISO 8601 UTC
  // > 0: the computer at this level holds the seat the creator does not (room_computer.cpp).
  int computer_level = 0;
  // The creator's client address: the computer pool takes turns by address. Not journalled:
  // a room restored after a restart shares the empty address's turn.
  std::string creator_address;
  // Whether a player may ask to take back a move (room_registry.cpp chooses the default).
  bool takebacks = true;
};

// What a room rebuilt from the journal starts from besides its settings and replayed game.
struct restored_state {
  std::array<identity_ptr, 2> seats;  // identities without tokens: players come back by hello
  std::vector<std::string> moves;     // the accepted move texts, in order
  std::optional<any_report> last_move;
  protocol::room_status status = protocol::room_status::waiting;
  // Both clocks after the last move, less what the mover thought before a crash.
  std::optional<std::array<std::int64_t, 2>> clock_ms;
  std::vector<std::array<std::int64_t, 2>> clocks_after;  // both clocks after each move
  std::array<bool, 2> clock_started{};  // the seats that have made a move
  std::optional<protocol::result_view> result;          // finished games only
  std::optional<std::string> record;                    // finished games: the stored ZEN text
};

class room : public std::enable_shared_from_this<room> {
 public:
  using clock = std::chrono::steady_clock;

  // `start` is the game's first position.
  room(boost::asio::io_context& ioc, room_registry& owner, metrics& m, room_settings s, any_game start);

  // Puts a freshly built room into the state the journal held; call before anyone else can
  // reach the room. Clocks resume at the remaining times of the last move: the time the
  // server was down is charged to nobody. Versions continue from the restart time in
  // microseconds, so no version a client saw before the restart can match again (a resent
  // move gets stale_version). A game the last move ended whose end was not yet recorded is
  // finished now.
  void restore(restored_state st);

  // Immutable after construction, so readable from any thread.
  const room_settings& settings() const { return settings_; }
  const std::string& id() const { return settings_.id; }

  // Seats the creator (on settings().creator_seat) and answers `joined` to `p`.
  void seat_creator(peer_ptr p, identity_ptr who, protocol::request_id re,
                    std::shared_ptr<void> done);
  // Handles one room-bound request (join, move, resign, offer_draw, chat, sync, leave) from
  // `p` speaking for `who`; `received` is when its frame arrived (clocks charge from there).
  // Answers on `p`; `done` is released once the request is complete.
  // `player` registered: its seats here are no longer shown as a guest's. Any thread.
  void note_registered(std::string player);
  void handle(peer_ptr p, identity_ptr who, protocol::client_message msg,
              clock::time_point received, std::shared_ptr<void> done);
  // The connection `peer_id` is gone: it stops receiving, and its player shows offline.
  void detach(std::uint64_t peer_id);
  // Sends `p` the current state as one `snapshot` through peer::send_catch_up (null if `p`
  // is no longer in the room): `p` dropped its backlog of this room's patches.
  void resend_snapshot(peer_ptr p);
  // Calls `fn` on the room's strand with the game record (tag pairs and movetext).
  void record(std::function<void(std::string)> fn);
  // Calls `fn` on the room's strand with the `positions` answer (protocol.md): the state
  // document after every ply, as JSON text; null if the journalled moves no longer replay.
  void positions(std::function<void(std::shared_ptr<const std::string>)> fn);
  // A finished room read back from the journal for one request: after what was posted before
  // this, leaves the lobby's memory again unless somebody joined it.
  void retire_if_unused();
  // Stops the clock's timer so the server can exit.
  void shutdown();
  // Another cluster node owns the room now (the store refused a write for a newer epoch, or
  // the lease was taken over): every member's connection is closed (1001), so its client
  // reconnects and finds the owner, and the room leaves this server's memory. Any thread.
  void give_up();
  // A rematch room, made by room_registry::create_rematch: seats both players (`seats`, the
  // finished game's with colours swapped) and starts the game, before anyone joins.
  void start_rematch(std::array<identity_ptr, 2> seats);

 private:
  void do_join(const peer_ptr& p, const identity_ptr& who, const protocol::join& m,
               int preferred_seat);
  // The end of a join: `p` becomes a member in `seat` (0: a spectator), the others see it,
  // and `p` gets its `joined`.
  void admit(const peer_ptr& p, const identity_ptr& who, const protocol::request_id& re, int seat);
  // `p`'s `joined`: the room as it stands, in `seat`, with the chat so far.
  void answer_join(const peer_ptr& p, const protocol::request_id& re, int seat);
  void do_move(const peer_ptr& p, const identity_ptr& who, const protocol::move& m,
               clock::time_point received);
  // Plays the move `text` (as sent: the engine resolves it, once) on a copy of the game and
  // has the journal write it; only once it is durable does the room take the copy, ack and
  // publish (see room_play.cpp). An illegal move or a fallen flag is answered here.
  void accept_move(const peer_ptr& p, const protocol::request_id& re, int seat,
                   const std::string& text, clock::time_point received);
  // Runs `fn` now, or after the pending journal write completes, in arrival order: nothing
  // may observe or build on a move that is not yet durable.
  void run_or_defer(std::function<void()> fn);
  void run_deferred();
  // Starts holding the room's other requests for a journal write and returns its completion:
  // `then` with the write's answer, after which the held requests run and a finished, empty
  // room retires. Called on the strand; the completion must run on it too.
  template <class Then>
  auto after_write(Then then) {
    write_pending_ = true;
    return [self = shared_from_this(), then = std::move(then)](auto&&... answer) mutable {
      self->write_pending_ = false;
      auto answered = std::exchange(self->done_after_write_, {});
      then(std::forward<decltype(answer)>(answer)...);
      answered.clear();
      self->run_deferred();
      self->maybe_retire();  // everyone may have left while the write was under way
    };
  }
  // Journal writes of the seats and of the end of the game. A failure is logged and the room
  // plays on; `done`, if any, runs on the strand once the seats are durable, or failed.
  void persist_seats(std::function<void(journal_status)> done = {});
  void persist_finish();
  // Ratings (room_rating.cpp). Whether `seat`'s identity is an account (account_directory).
  bool seat_is_account(int seat) const;
  // In a rated room, reads the rating of `seat`'s account to show it (a patch follows).
  void fetch_rating(int seat);
  // A finished rated room read back from the journal shows the changes its game made.
  void fetch_rating_changes();
  // The end of a rated game between two accounts, written with both rating changes (shown
  // once durable); false when the game changes no rating and persist_finish writes it.
  bool persist_rated_finish();
  // Shows each seat's rating after the game and the change (a patch follows).
  void show_changes(const std::vector<rating_change>& changes);
  std::string record_text() const;
  bool online(int seat) const {
    const auto& who = seats_[static_cast<std::size_t>(seat - 1)];
    return (who && who->computer_level > 0) || presence_.online(seat);  // the computer stays
  }
  // Arms the timer that shows the spectator count once it is due (room_presence batches it).
  void watch_spectators();
  void on_spectator_count();
  // Arms or cancels each seat's abandonment timer from who is connected now.
  void update_presence();
  void on_abandon(int seat, std::uint64_t ticket);
  // A waiting room nobody is in for the abandonment grace is closed: nobody is coming.
  void watch_deserted();
  void on_deserted(std::uint64_t ticket);
  // A finished room nobody is in leaves the lobby's memory (it is in the journal).
  void maybe_retire();
  void do_resign(peer& p, const identity_ptr& who, const protocol::resign& m);
  void do_offer_draw(peer& p, const identity_ptr& who, const protocol::offer_draw& m);
  void do_chat(peer& p, const identity_ptr& who, const protocol::chat& m);
  void do_leave(peer& p, const protocol::leave& m);
  // The player waiting in the room ends it before anyone came: finished as "cancelled".
  void do_cancel(peer& p, const identity_ptr& who, const protocol::cancel_room& m);
  // Takebacks, declined draws and rematches (room_offers.cpp).
  void do_takeback(const peer_ptr& p, const identity_ptr& who, const protocol::takeback& m);
  void do_decline_takeback(peer& p, const identity_ptr& who, const protocol::decline_takeback& m);
  void do_decline_draw(peer& p, const identity_ptr& who, const protocol::decline_draw& m);
  void do_rematch(const peer_ptr& p, const identity_ptr& who, const protocol::rematch& m);
  void do_decline_rematch(peer& p, const identity_ptr& who, const protocol::decline_rematch& m);
  // The seat of `who` if it may answer or make an offer now, else 0 after answering `p` why.
  int offer_seat(peer& p, const identity_ptr& who, const protocol::request_id& re,
                 bool while_playing);
  // Takes back every move from `seat`'s last one on: written to the journal first, then the
  // room replays the rest, puts the clocks back and sends everyone a snapshot of a new version.
  void take_back(const peer_ptr& p, const protocol::request_id& re, int seat);
  // Replaces the game with the first `plies` moves replayed; the clocks as they were then.
  void rewind(std::size_t plies);
  // Makes the rematch room (both players agreed, or the computer always does).
  void make_rematch(const peer_ptr& p, const protocol::request_id& re);
  // Sends everyone in the room a snapshot of a new version (after the history shrank).
  void publish_snapshot();
  // Tells everyone in the room that the player on `seat` declined `offer`.
  void tell_declined(std::string_view offer, int seat);
  // The computer's seat (room_computer.cpp): takes the seat other than `human_seat`; starts a
  // search on the lobby's computer pool when the game is on and the computer is to move; plays
  // the move it found through accept_move, as a person's, if the game is still where it was.
  void seat_computer(int human_seat);
  void maybe_think();
  // The pool's queue is full: tells the room's connections (once per wait) and asks again in
  // a second; the game waits, nothing is lost.
  void wait_for_computer();
  void on_computer_move(int seat, int ply, std::string move);
  void stop_thinking();
  // The computer's move could not be committed now: it is asked again in a moment.
  void think_later();

  // In a cluster, whether this server may commit a change to the room now (it trusts its
  // lease); when not, answers `p` (if any) internal_error and returns false.
  bool may_commit(peer* p, const protocol::request_id& re, bool is_move);
  // Sends an error and counts a rejected move when it answers one.
  void reject(peer& p, const protocol::request_id& re, protocol::error_code code,
              const std::string& message, bool is_move = false);
  // A player's request in a room that is not playing: the error to send, if any.
  bool refuse_unless_playing(peer& p, const protocol::request_id& re, bool is_move);
  int seat_of(const identity& who) const;
  void set_status(protocol::room_status s);
  void start_game();
  void finish(int winner, std::string reason);
  // Finishes the game when its rules have ended it (after a move, or a restored game).
  bool finish_if_decided();
  void arm_flag_timer();
  // The flag fell while this server could not commit: looks again in a moment.
  void arm_flag_retry();
  // A turn began (or the clock stopped): the wall-clock deadline a correspondence state shows.
  void note_turn_start();
  // A timed game's turn began for a player yet to make a first move: aborted if none comes
  // within room_limits::first_move_abort_s.
  void watch_first_move();
  void on_first_move_due(std::uint64_t ticket);
  void on_flag();
  protocol::room_view view() const;
  // How long the side to move has been thinking, when a clock runs (for joined and sync).
  std::optional<std::int64_t> clock_elapsed_ms() const;
  // A lean client's accepted move: its patch, carrying `re`, is the answer in place of an ack.
  struct move_answer {
    peer* to = nullptr;
    const protocol::request_id* re = nullptr;
  };
  // Brings the state document up to date; when it changed, bumps the version and sends the one
  // patch to every member but `except` (lean members the lean one, and `answer`'s peer its
  // answer). Returns the patch frame, or null when nothing changed.
  std::shared_ptr<const std::string> commit(std::uint64_t except = 0,
                                            const move_answer* answer = nullptr);
  // The `snapshot` frame (without `re`) of the current version, serialised once per version
  // however many lagging connections ask for it; `lean` without the position text.
  std::shared_ptr<const std::string> snapshot_frame(bool lean = false);
  // The state as `p` takes it (lean or whole).
  nlohmann::json state_for(const peer& p) const;
  void publish_summary();

  room_settings settings_;
  room_registry& registry_;
  metrics& metrics_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer flag_timer_;
  std::uint64_t flag_generation_ = 0;
  abandon_watch abandon_;
  boost::asio::steady_timer deserted_timer_;
  boost::asio::steady_timer first_move_timer_;
  std::uint64_t first_move_ticket_ = 0;
  std::uint64_t deserted_ticket_ = 0;
  bool deserted_armed_ = false;
  room_recorder recorder_;

  bool write_pending_ = false;
  std::deque<std::function<void()>> deferred_;  // requests that arrived during the write
  // The `done` of the request whose answer waits on the write under way: let go only after
  // the answer, or a forwarding node would take the request as answered, and its client
  // would hear nothing if this node died during the write. Also holds a local client's next
  // read until then.
  std::vector<std::shared_ptr<void>> done_after_write_;
  // After a request ran: keeps its `done` when it started a write.
  void hold_until_written(std::shared_ptr<void> done);
  std::optional<std::string> stored_record_;    // a finished game read back from the journal
  // The last `positions` answer and the moves and status it was built at: it changes only
  // with a move or the end, so a review fetched by many costs one replay per move.
  std::shared_ptr<const std::string> positions_;
  std::size_t positions_moves_ = 0;
  protocol::room_status positions_status_ = protocol::room_status::waiting;
  bool retired_ = false;
  bool lost_ = false;  // given up to another node

  any_game game_;
  std::optional<game_clock> clock_;
  std::optional<std::int64_t> deadline_ms_;  // unix ms: the running correspondence turn's end
  std::array<identity_ptr, 2> seats_;
  room_presence presence_;
  chat_budget chat_;
  chat_history chat_history_;
  boost::asio::steady_timer spectator_timer_;
  bool spectator_timer_armed_ = false;
  protocol::room_status status_ = protocol::room_status::waiting;
  std::optional<int> draw_offer_;
  std::optional<int> takeback_offer_;
  std::optional<int> rematch_offer_;
  std::optional<std::string> rematch_;  // the rematch's room, once made
  // Both clocks after each accepted move (zeros without a clock): a takeback puts them back.
  std::vector<std::array<std::int64_t, 2>> clocks_after_;
  // Bumped when a takeback makes a search started before it meaningless though its ply and
  // side to move may come round again.
  std::uint64_t think_ticket_ = 0;
  std::optional<protocol::result_view> result_;
  std::optional<any_report> last_move_;
  std::vector<std::string> moves_;  // accepted move texts, for the journal and replays
  // Rated rooms: the rating category ("game/variant/speed"), and what each seat shows.
  std::string rating_category_;
  struct shown_rating {
    std::string player;  // whose it is: a seat given up and taken by another shows theirs
    rating::glicko2_rating value;
    std::optional<int> change;  // set once the game's result changed it
  };
  std::array<std::optional<shown_rating>, 2> ratings_;
  bool thinking_ = false;           // a computer search for this room is queued or running
  std::shared_ptr<std::atomic<bool>> think_cancel_;  // set to stop that search early
  boost::asio::steady_timer think_retry_timer_;       // the queue was full: ask again then
  bool told_busy_ = false;  // the players were told the computer waits for the queue
  // Without a clock: the computer's thinking in this game so far, spent from its level's
  // per-game budget (a restored room starts it again at zero).
  std::int64_t computer_thought_ms_ = 0;

  std::int64_t version_ = 0;
  // The last version that changed the game itself (a move, its start or its end), with the
  // ply and status it left. A move chosen on it or any later version is current: a spectator
  // count or a player's presence changing meanwhile does not make it stale.
  std::int64_t game_version_ = 0;
  int game_ply_ = 0;
  protocol::room_status game_status_ = protocol::room_status::waiting;
  protocol::state_document state_;
  std::shared_ptr<const std::string> snapshot_frame_;       // of version_, or null
  std::shared_ptr<const std::string> lean_snapshot_frame_;  // likewise for lean clients
  // What the room-list entry was last published from.
  struct summary_key {
    protocol::room_status status;
    std::array<std::optional<std::string>, 2> names;
    int spectators = 0;
    std::array<bool, 2> accounts{};
    friend bool operator==(const summary_key&, const summary_key&) = default;
  };
  std::optional<summary_key> published_;
};

// The rating category a rated room of `s` playing `g` counts for: "game/variant/speed".
std::string rating_category_of(const room_settings& s, const any_game& g);

// The room-list entry of protocol.md's `rooms` message.
nlohmann::json room_summary(const room_settings& s, const nlohmann::json& state);

}  // namespace ringside::server
