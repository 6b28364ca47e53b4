#include "server/room_restore.hpp"

#include <ctime>
#include <string>

#include "common/unix_time.hpp"
#include "server/computer_pool.hpp"
#include "server/restart_charge.hpp"
#include "server/room.hpp"
#include "server/time_text.hpp"

namespace ringside::server {

namespace {

expected<protocol::room_status> status_of(const std::string& s) {
  if (s == "waiting") return protocol::room_status::waiting;
  if (s == "playing") return protocol::room_status::playing;
  if (s == "finished") return protocol::room_status::finished;
  return fail("unknown status \"" + s + "\"");
}

}  // namespace

expected<std::shared_ptr<room>> restore_room(boost::asio::io_context& ioc, room_registry& owner, metrics& m,
                                             const room_with_moves& saved,
                                             const std::vector<server_run>& runs) {
  const room_row& row = saved.room;
  auto status = status_of(row.status);
  if (!status) return fail(status.error());
  auto game = any_game::create(row.game, row.variant, row.board);
  if (!game) return fail("not a game this server plays: " + game.error());

  restored_state st;
  st.status = *status;
  for (std::size_t i = 0; i < saved.moves.size(); ++i) {
    const move_row& mv = saved.moves[i];
    if (mv.ply != static_cast<int>(i) + 1) {
      return fail("move " + std::to_string(i + 1) + " is stored as ply " + std::to_string(mv.ply));
    }
    // A seat that has made a move has its clock running on its turns.
    st.clock_started[static_cast<std::size_t>(game->to_move() - 1)] = true;
    auto report = game->play(mv.text);
    if (!report)
      return fail("ply " + std::to_string(mv.ply) + " " + mv.text + ": " + report.error());
    st.moves.push_back(report_text(*report));
    st.clocks_after.push_back(row.clock ? mv.clock_ms : std::array<std::int64_t, 2>{});
    st.last_move = std::move(*report);
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (const auto& seat = row.seats[i]) {
      const int level = computer_level_of(seat->player_id);
      st.seats[i] =
          level > 0
              ? computer_identity(level)
              : std::make_shared<const identity>(
                    identity{seat->player_id, seat->name, {}, 0, seat->account});
    }
  }
  // (A finished room may have an empty seat: closed while waiting, nobody came.)
  if (st.status == protocol::room_status::playing && (!st.seats[0] || !st.seats[1])) {
    return fail("a " + row.status + " game with an empty seat");
  }
  if (row.clock && !saved.moves.empty()) {
    st.clock_ms = saved.moves.back().clock_ms;
    // The mover's turn began with the last move: what it thought since is charged now.
    const auto mover = static_cast<std::size_t>(game->to_move() - 1);
    if (st.status == protocol::room_status::playing && st.clock_started[mover]) {
      (*st.clock_ms)[mover] -= restart_charge_ms(runs, saved.moves.back().received_ms,
                                                 row.clock->days_per_move > 0, unix_ms_now());
    }
  }
  if (row.result) st.result = protocol::result_view{row.result->winner, row.result->reason, {}};
  st.record = row.record;

  room_settings s;
  s.id = row.id;
  s.game = protocol::game_settings{row.game, row.variant, game->board_size()};
  s.creator_seat = 1;
  if (row.clock) {
    s.clock = protocol::clock_settings{row.clock->initial_s, row.clock->increment_s,
                                       row.clock->days_per_move};
  }
  s.is_private = row.is_private;
  s.rated = row.rated;
  s.takebacks = row.takebacks;
  s.created = iso_utc(row.created_ms);
  for (const auto& who : st.seats) {
    if (who && who->computer_level > 0) s.computer_level = who->computer_level;
  }
  auto r = std::make_shared<room>(ioc, owner, m, std::move(s), std::move(*game));
  r->restore(std::move(st));
  return r;
}

}  // namespace ringside::server
