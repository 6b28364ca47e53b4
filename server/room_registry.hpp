#pragma once
// room_registry: every room in memory, the list the lobby shows, the caps on making rooms and
// holding seats, and the journal's rooms read back on demand; on its own strand. Every call may
// come from any thread; the callbacks run on the registry's strand, so a caller posts back to
// its own strand for anything it owns. Who a connection is lives in identity_registry.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/any_game.hpp"
#include "protocol/wire/messages.hpp"
#include "server/address_rate.hpp"
#include "server/creator_quota.hpp"
#include "server/finished_retention.hpp"
#include "server/identity.hpp"
#include "server/journal.hpp"
#include "server/rating/glicko2.hpp"
#include "server/rating_eligibility.hpp"
#include "server/room.hpp"
#include "server/room_limits.hpp"
#include "server/room_list.hpp"
#include "server/room_observer.hpp"

namespace ringside::server {

class journal_writer;
class computer_pool;
class metrics;

class room_registry {
 public:
  using room_ptr = std::shared_ptr<room>;

  // With a `journal` (not null), rooms, seats, moves and results are written
  // there and rooms not in memory are looked up there; without one everything stays in
  // memory (tests and fuzzing). `abandon_after_s`: see room's abandonment.
  room_registry(boost::asio::io_context& ioc, metrics& m, journal_writer* journal = nullptr,
                double abandon_after_s = 120, room_limits limits = {});

  // Rebuilds every unfinished room the journal held, with its seats, moves and clocks, before
  // the io_context runs (not thread-safe: call it before any thread does). A room whose moves
  // no longer replay is logged and left out.
  // `runs` are the server's runs before this one: a clock running at a crash is charged from
  // them (restart_charge.hpp).
  void restore(std::vector<room_with_moves> saved, const std::vector<server_run>& runs = {});

  // The rooms where `player` holds a seat (a reconnecting player takes them all back).
  void seated_rooms(std::string player, std::function<void(std::vector<room_ptr>)> fn);
  // Why create_room made no room.
  enum class refusal {
    none,
    journal,
    player_cap,
    address_cap,
    seat_cap,
    computer_player_cap,
    computer_address_cap,
    computer_busy,
    daily_cap
  };
  // Makes a room playing `start` (the game the request names, made by any_game::create, whose
  // board req.game.board now gives) for player `creator` connected from `address`; the
  // creator still has to be seated (room::seat_creator). A room that will wait for a second
  // player counts against the creator's and the address's waiting-room caps until it starts
  // or closes; over either cap, nothing is made. A room against the computer counts against
  // the creator's and the address's computer-game caps until its game is finished, and is not
  // made while the computer pool's queue is full. With a journal, fn runs once the room is
  // durable; fn(nullptr, journal) when the journal cannot record the room.
  void create_room(protocol::create_room req, any_game start, std::string creator,
                   std::string address, std::function<void(room_ptr, refusal)> fn);
  // Makes the rematch of a finished game: a room with `s`'s settings (its id and creation time
  // are new) in which `seats` (the finished game's, colours swapped) are already taken and the
  // game runs. The players' seat caps hold it, the daily room count of the first game's
  // creator's address (s.creator_address), and a game against the computer that creator's
  // computer caps. fn as for create_room.
  void create_rematch(room_settings s, std::array<identity_ptr, 2> seats,
                      std::function<void(room_ptr, refusal)> fn);
  // Whether `player` may take a seat in room `room_id`: it already sits there, or holds fewer
  // seats in unfinished games than room_limits::seats_per_player. fn runs on the lobby's strand.
  void may_take_seat(std::string player, std::string room_id, std::function<void(bool)> fn);
  // The room with id `id`, or nullptr.
  void find_room(std::string id, std::function<void(room_ptr)> fn);
  // One page of the listed (not private) rooms, newest first (room_list); null when the
  // request's cursor is not one this server gave.
  void list_rooms(protocol::list_rooms q, std::function<void(std::shared_ptr<const room_page>)> fn);

  // Cluster: room `id` belongs to another node now; the room gives itself up (room::give_up).
  void give_up(std::string id);
  // Cluster: this server claimed room `id` with lease `epoch`: the store is fenced with that
  // epoch and the room read in the same transaction, then restored and registered here.
  // fn(room), or fn(nullptr) when the store holds no such unfinished room, a newer epoch
  // holds it, or it does not replay. Any thread; fn on the registry's strand.
  void take_over(std::string id, std::int64_t epoch, std::function<void(room_ptr)> fn);

  // From rooms: the room's list entry changed.
  void update_summary(std::string id, nlohmann::json summary, bool listed);
  // From rooms: `player` took (or gave up) a seat in `room_id`; a later hello restores it.
  void note_seat(std::string player, std::string room_id, bool seated);
  // From rooms: `id` is finished and nobody is in it. With a journal it leaves memory (with
  // its players' seat entries); find_room reads it back from the journal when asked.
  void forget(std::string id, std::vector<std::string> players);
  // Deletes from the journal the finished games `rule` no longer keeps (a batch at a time,
  // until none is left). Without a journal, nothing (the rooms are then the games' only copy).
  void sweep_finished_rooms(finished_retention rule);
  // Gives freed memory back to the system a few seconds from now (a connection closed).
  void trim_memory_soon();
  // Stops every room's timers, for a clean exit.
  void shutdown();

  // For rooms: where they write, null when nothing is persisted.
  journal_writer* journal() const { return journal_; }
  // Where computer players search (set once at startup, before restore); null: rooms with a
  // computer seat cannot be played (tests that need none).
  void set_computers(computer_pool* pool) { computers_ = pool; }
  computer_pool* computers() const { return computers_; }
  // Who is an account, for rated rooms (set once at startup, before restore); null: nobody
  // is, so no game changes ratings.
  void set_accounts(const account_directory* accounts) { accounts_ = accounts; }
  const account_directory* accounts() const { return accounts_; }
  // Who hears of rooms opening, closing and sending frames (a cluster node; set once at
  // startup, before restore); null on a single server.
  void set_observer(room_observer* o) { observer_ = o; }
  room_observer* observer() const { return observer_; }
  // The rating system every rated room's result goes through.
  const rating::glicko2& ratings() const { return ratings_; }
  // For rooms: how long a player of an untimed game may stay offline.
  double abandon_after_s() const { return abandon_after_s_; }
  // For rooms: what one client may do in a room others share (chat budgets).
  const room_limits& limits() const { return limits_; }

 private:
  struct entry {
    room_ptr r;
    std::uint64_t order = 0;
    // Set while the room waits for a second player and counts against these caps.
    std::optional<std::pair<std::string, std::string>> waiting_for;  // creator, address
    // Set while the room's game against the computer is unfinished and counts against those
    // caps.
    std::optional<std::pair<std::string, std::string>> computer_for;  // creator, address
    bool finished = false;  // its seats no longer count against seats_per_player
  };

  // Seats `player` holds in rooms whose game is not finished.
  std::size_t seats_held(const std::string& player) const;

  // Over a cap, `creator` and `address` may make no more waiting rooms; otherwise counts one.
  refusal reserve_waiting(const std::string& creator, const std::string& address);
  // Saves a new room's row (after claiming its lease in a cluster; without a journal, nothing),
  // then makes the room of `s` and `start`, `made` registers it, and `fn` gets it. When the room
  // cannot be made, `release_caps` gives back what it took of the creator's caps and `fn` gets the
  // refusal.
  void save_then_make(room_row row, room_settings s, any_game start,
                      std::function<void()> release_caps, std::function<void(const room_ptr&)> made,
                      std::function<void(room_ptr, refusal)> fn);
  void release_waiting(const std::string& creator, const std::string& address);
  // The room stopped waiting (started, closed, forgotten): its caps' count goes back.
  void stop_waiting(entry& e);
  // The same for games against the computer, counted until they finish.
  refusal reserve_computer(const std::string& creator, const std::string& address);
  void release_computer(const std::string& creator, const std::string& address);
  void stop_computer(entry& e);

  // Cluster: the other nodes' lobby entries (room id -> listed_rooms entry) replace the
  // ones merged before into this node's list.
  using listed_entries = std::unordered_map<std::string, std::string>;
  void merge_listed(const listed_entries& others);

  // find_room for an unfinished room the store holds but memory does not (a cluster).
  void find_absent(std::string id, std::function<void(room_ptr)> fn);
  // The runs a room taken over is restored with (restart_charge.hpp).
  static std::vector<server_run> cluster_alive();
  // Registers a room restored from the journal with its seats and computer caps.
  void register_restored(const room_ptr& r, const room_row& row);

  void arm_trim();
  // Registers a room built from the journal; on the strand (or before the io_context runs).
  void adopt(const room_ptr& r);

  boost::asio::io_context& ioc_;
  metrics& metrics_;
  journal_writer* journal_;
  computer_pool* computers_ = nullptr;
  const account_directory* accounts_ = nullptr;
  room_observer* observer_ = nullptr;
  rating::glicko2 ratings_;
  double abandon_after_s_;
  room_limits limits_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer trim_timer_;
  bool trim_armed_ = false;
  std::unordered_map<std::string, entry> rooms_;
  std::unordered_map<std::string, std::set<std::string>> seats_;  // player -> room ids
  std::uint64_t next_order_ = 0;
  // Rooms being taken over (take_over), with the find_room answers waiting for them.
  std::unordered_map<std::string, std::vector<std::function<void(room_ptr)>>> restoring_;
  room_list list_;
  // Cluster: the entries of other nodes' rooms in list_, as last merged.
  listed_entries listed_elsewhere_;
  creator_quota waiting_{limits_.waiting_rooms_per_player, limits_.waiting_rooms_per_address};
  address_rate created_today_{std::chrono::hours(24)};  // rooms created, per client address
  creator_quota computer_games_{limits_.computer_games_per_player,
                                limits_.computer_games_per_address};
};

}  // namespace ringside::server
