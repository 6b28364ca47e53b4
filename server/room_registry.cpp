#include "server/room_registry.hpp"

#include <malloc.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <random>

#include "common/unix_time.hpp"
#include "protocol/wire/encode.hpp"
#include "server/cluster/listed_rooms.hpp"
#include "server/computer_pool.hpp"
#include "server/journal_writer.hpp"
#include "server/metrics.hpp"
#include "server/random_id.hpp"
#include "server/room.hpp"
#include "server/room_restore.hpp"
#include "server/time_text.hpp"

namespace ringside::server {

namespace net = boost::asio;

namespace {
// The one place a room's takeback setting is chosen when its creator left it out: casual
// games allow takebacks, rated ones do not (a rating must rest on the game as played).
bool takebacks_by_default(const protocol::create_room& req) {
  return !req.rated;
}

// The journal's row of a new room with settings `s`.
room_row row_of(const room_settings& s, std::string status) {
  room_row row;
  row.id = s.id;
  row.game = s.game.game;
  row.variant = s.game.variant;
  row.board = s.game.board;
  row.is_private = s.is_private;
  row.rated = s.rated;
  if (s.clock) {
    row.clock = clock_setting{s.clock->initial_s, s.clock->increment_s, s.clock->days_per_move};
  }
  row.created_ms = unix_ms_now();
  row.status = std::move(status);
  row.takebacks = s.takebacks;
  return row;
}
}  // namespace

room_registry::room_registry(net::io_context& ioc, metrics& m, journal_writer* journal,
                             double abandon_after_s, room_limits limits)
    : ioc_(ioc),
      metrics_(m),
      journal_(journal),
      abandon_after_s_(abandon_after_s),
      limits_(limits),
      strand_(net::make_strand(ioc)),
      trim_timer_(strand_),
      list_(limits_.room_page) {}

void room_registry::restore(std::vector<room_with_moves> saved,
                            const std::vector<server_run>& runs) {
  std::size_t restored = 0;
  for (const auto& one : saved) {
    auto r = restore_room(ioc_, *this, metrics_, one, runs);
    if (!r) {
      spdlog::error("room {} cannot be restored and stays out: {}", one.room.id, r.error());
      continue;
    }
    register_restored(*r, one.room);
    ++restored;
  }
  spdlog::info("restored {} of {} unfinished rooms from the journal", restored, saved.size());
}

void room_registry::register_restored(const room_ptr& r, const room_row& row) {
  adopt(r);
  for (const auto& seat : row.seats) {
    if (seat) seats_[seat->player_id].insert(row.id);
  }
  // An unfinished game against the computer counts against its player's cap again; its
  // address is not journalled, so the address's cap does not hold it.
  if (r->settings().computer_level > 0) {
    for (const auto& seat : row.seats) {
      if (!seat || computer_level_of(seat->player_id) > 0) continue;
      computer_games_.hold(seat->player_id, std::string());
      rooms_[row.id].computer_for.emplace(seat->player_id, std::string());
    }
  }
}

void room_registry::give_up(std::string id) {
  net::post(strand_, [this, id = std::move(id)] {
    if (const auto it = rooms_.find(id); it != rooms_.end() && it->second.r)
      it->second.r->give_up();
  });
}

std::vector<server_run> room_registry::cluster_alive() {
  // The cluster played on while the room had no owner, so the mover was thinking all along:
  // the whole turn so far is charged, as if one server had run throughout.
  return {server_run{0, unix_ms_now()}};
}

void room_registry::take_over(std::string id, std::int64_t epoch,
                              std::function<void(room_ptr)> fn) {
  net::post(strand_, [this, id = std::move(id), epoch, fn = std::move(fn)]() mutable {
    if (const auto it = rooms_.find(id); it != rooms_.end() && it->second.r) {
      return fn(it->second.r);
    }
    if (!journal_) return fn(nullptr);
    auto& waiting = restoring_[id];
    waiting.push_back(std::move(fn));
    if (waiting.size() > 1) return;  // its read is already queued
    // A write, not a read: the fence and the read share one transaction.
    auto box = std::make_shared<std::optional<room_with_moves>>();
    auto stored = std::make_shared<std::int64_t>(0);  // the store's epoch, when it refused
    journal_->write(
        [id, epoch, box, stored](server::journal& j) -> journal_status {
          auto got = j.take_over_room(id, epoch);
          if (!got) return ringside::fail(got.error());
          *box = std::move(*got);
          if (!*box) {
            if (auto e = j.room_epoch(id); e && *e > epoch) *stored = *e;
          }
          return std::monostate{};
        },
        strand_,
        [this, id, box, stored](journal_status st) {
          if (*stored != 0 && observer_ != nullptr) observer_->epoch_behind_store(id, *stored);
          room_ptr made;
          if (!st) {
            spdlog::error("room {}: cannot take it over from the store: {}", id, st.error());
          } else if (!*box || (*box)->room.status == "finished") {
            spdlog::info("room {}: nothing to take over (finished, gone, or a newer owner)", id);
          } else if (const auto it = rooms_.find(id); it != rooms_.end() && it->second.r) {
            made = it->second.r;
          } else if (auto r = restore_room(ioc_, *this, metrics_, **box, cluster_alive()); !r) {
            spdlog::error("room {} cannot be taken over: {}", id, r.error());
          } else {
            made = *r;
            register_restored(made, (*box)->room);
            spdlog::info("room {} taken over at ply {}", id, (*box)->moves.size());
          }
          auto answers = std::move(restoring_[id]);
          restoring_.erase(id);
          for (auto& w : answers) w(made);
        });
  });
}

void room_registry::adopt(const room_ptr& r) {
  entry& e = rooms_[r->id()];
  e.r = r;
  e.order = next_order_++;
  if (observer_ != nullptr) {
    // In a cluster the lobby merges every node's rooms: orders from the wall clock (2^10 a
    // millisecond) put them newest first across nodes.
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    e.order = std::max(e.order, static_cast<std::uint64_t>(ms) << 10);
    next_order_ = e.order + 1;
    observer_->room_opened(r->id());
  }
}

void room_registry::sweep_finished_rooms(finished_retention rule) {
  if (!journal_ || !rule.prunes_any()) return;
  // Rooms per transaction: about 20 us each (measured at load 10), so moves queued behind one
  // batch wait some 20 ms, and the next batch queues behind them.
  constexpr std::int64_t batch = 1000;
  net::post(strand_, [this, rule] {
    const auto before = rule.finished_before_ms(unix_ms_now());
    auto pruned = std::make_shared<std::int64_t>(0);
    journal_->write(
        [before, rule, pruned](server::journal& j) {
          auto ids = j.prune_finished_rooms(before, rule.plies_kept_from(), batch);
          if (!ids) return journal_status(ringside::fail(ids.error()));
          *pruned = static_cast<std::int64_t>(ids->size());
          return journal_status(std::monostate{});
        },
        strand_,
        [this, pruned, rule](journal_status st) {
          if (!st)
            return spdlog::error("journal: pruning old finished games failed: {}", st.error());
          metrics_.finished_rooms_pruned.fetch_add(static_cast<std::uint64_t>(*pruned));
          if (*pruned > 0) {
            spdlog::info("pruned {} finished games of under {} plies, finished more than {} s ago",
                         *pruned, rule.keep_plies, rule.retention_s);
          }
          if (*pruned == batch) sweep_finished_rooms(rule);  // more are waiting
        });
  });
}

void room_registry::seated_rooms(std::string player,
                                 std::function<void(std::vector<room_ptr>)> fn) {
  net::post(strand_, [this, player = std::move(player), fn = std::move(fn)] {
    std::vector<room_ptr> seated;
    if (const auto s = seats_.find(player); s != seats_.end()) {
      for (const auto& id : s->second) {
        if (const auto r = rooms_.find(id); r != rooms_.end() && r->second.r)
          seated.push_back(r->second.r);
      }
    }
    fn(std::move(seated));
  });
}

room_registry::refusal room_registry::reserve_waiting(const std::string& creator,
                                                      const std::string& address) {
  switch (waiting_.reserve(creator, address)) {
    case creator_quota::verdict::player_cap:
      return refusal::player_cap;
    case creator_quota::verdict::address_cap:
      return refusal::address_cap;
    case creator_quota::verdict::granted:
      break;
  }
  return refusal::none;
}

void room_registry::release_waiting(const std::string& creator, const std::string& address) {
  waiting_.release(creator, address);
}

room_registry::refusal room_registry::reserve_computer(const std::string& creator,
                                                       const std::string& address) {
  switch (computer_games_.reserve(creator, address)) {
    case creator_quota::verdict::player_cap:
      return refusal::computer_player_cap;
    case creator_quota::verdict::address_cap:
      return refusal::computer_address_cap;
    case creator_quota::verdict::granted:
      break;
  }
  return refusal::none;
}

void room_registry::release_computer(const std::string& creator, const std::string& address) {
  computer_games_.release(creator, address);
}

void room_registry::stop_computer(entry& e) {
  if (!e.computer_for) return;
  release_computer(e.computer_for->first, e.computer_for->second);
  e.computer_for.reset();
}

void room_registry::stop_waiting(entry& e) {
  if (!e.waiting_for) return;
  release_waiting(e.waiting_for->first, e.waiting_for->second);
  e.waiting_for.reset();
}

void room_registry::create_room(protocol::create_room req, any_game start, std::string creator,
                                std::string address, std::function<void(room_ptr, refusal)> fn) {
  net::post(strand_, [this, req = std::move(req), start = std::move(start),
                      creator = std::move(creator), address = std::move(address),
                      fn = std::move(fn)]() mutable {
    if (limits_.seats_per_player != 0 && seats_held(creator) >= limits_.seats_per_player) {
      metrics_.seats_refused.fetch_add(1);
      return fn(nullptr, refusal::seat_cap);
    }
    // A room with a computer opponent starts at once: it never waits, so the waiting caps do
    // not hold it; the computer-game caps and the pool's queue do.
    const bool waits = req.computer_level == 0;
    if (waits) {
      if (const auto no = reserve_waiting(creator, address); no != refusal::none) {
        metrics_.rooms_refused.fetch_add(1);
        return fn(nullptr, no);
      }
    } else {
      if (computers_ && computers_->full()) {
        metrics_.computer_queue_full.fetch_add(1);
        return fn(nullptr, refusal::computer_busy);
      }
      if (const auto no = reserve_computer(creator, address); no != refusal::none) {
        metrics_.computer_games_refused.fetch_add(1);
        return fn(nullptr, no);
      }
    }
    // Every room made stays in the journal for a while, however it ends: counted per day.
    // Gives back the place the room took in the creator's caps, when it is not made after all.
    const auto release_caps = [this, waits, creator, address] {
      if (waits) {
        release_waiting(creator, address);
      } else {
        release_computer(creator, address);
      }
    };
    if (!address.empty() &&
        created_today_.refuse(address, limits_.rooms_per_address_per_day).has_value()) {
      release_caps();
      metrics_.rooms_refused_daily.fetch_add(1);
      return fn(nullptr, refusal::daily_cap);
    }
    // Registers the new room; it keeps its place in its caps until it stops waiting, or until
    // its game against the computer is finished.
    const auto made = [this, waits, creator, address](const room_ptr& r) {
      adopt(r);
      if (waits) {
        rooms_[r->id()].waiting_for.emplace(creator, address);
      } else {
        rooms_[r->id()].computer_for.emplace(creator, address);
      }
    };
    room_settings s;
    do {
      s.id = random_base32(8);
    } while (rooms_.count(s.id) != 0);
    s.game = req.game;
    s.creator_seat = req.seat == protocol::seat_choice::first ? 1
                     : req.seat == protocol::seat_choice::second
                         ? 2
                         : 1 + (std::random_device{}() & 1u);
    s.clock = req.clock;
    s.is_private = req.is_private;
    s.rated = req.rated;
    s.takebacks = req.takebacks.value_or(takebacks_by_default(req));
    s.computer_level = req.computer_level;
    s.creator_address = address;
    s.created = iso_utc_now();
    spdlog::info("room {} created: {} {} on {} cells{}{}{}", s.id, s.game.game, s.game.variant,
                 s.game.board, s.clock ? ", clock" : "", s.is_private ? ", private" : "",
                 s.rated ? ", rated" : "");
    auto row = row_of(s, "waiting");
    save_then_make(std::move(row), std::move(s), std::move(start), release_caps, made, fn);
  });
}

void room_registry::save_then_make(room_row row, room_settings s, any_game start,
                                   std::function<void()> release_caps,
                                   std::function<void(const room_ptr&)> made,
                                   std::function<void(room_ptr, refusal)> fn) {
  if (!journal_) {  // nothing to save: the room is its game's only copy
    auto r = std::make_shared<room>(ioc_, *this, metrics_, std::move(s), std::move(start));
    made(r);
    return fn(std::move(r), refusal::none);
  }
  const std::string id = s.id;
  // The room exists only once its row is durable: a room the journal lacks could never
  // record a seat or a move (each would find no room), so it would refuse every move for
  // good, even after the disk recovered. On failure the creator gets no room.
  auto save = [this, row = std::move(row), s = std::move(s), start = std::move(start), made,
               release_caps, fn]() mutable {
    journal_->write(
        [row = std::move(row)](server::journal& j) { return j.save_room(row); }, strand_,
        [this, s = std::move(s), start = std::move(start), made, release_caps,
         fn = std::move(fn)](journal_status st) mutable {
          if (!st) {
            spdlog::error("room {} not saved, so not created: {}", s.id, st.error());
            release_caps();
            // Claimed but never made: its lease would otherwise be renewed for ever.
            if (observer_ != nullptr) observer_->room_closed(s.id);
            return fn(nullptr, refusal::journal);
          }
          auto r = std::make_shared<room>(ioc_, *this, metrics_, std::move(s), std::move(start));
          made(r);
          fn(std::move(r), refusal::none);
        });
  };
  if (observer_ == nullptr) return save();
  // In a cluster the lease comes first: the row in the shared store is what another node,
  // asked for the room before its creator claimed it, would adopt.
  observer_->claim_new(id, [this, save = std::move(save), release_caps,
                            fn = std::move(fn)](bool may_create) mutable {
    net::post(strand_,
              [save = std::move(save), release_caps, fn = std::move(fn), may_create]() mutable {
                if (may_create) return save();
                release_caps();
                fn(nullptr, refusal::journal);
              });
  });
}

void room_registry::create_rematch(room_settings s, std::array<identity_ptr, 2> seats,
                                   std::function<void(room_ptr, refusal)> fn) {
  net::post(strand_, [this, s = std::move(s), seats = std::move(seats),
                      fn = std::move(fn)]() mutable {
    auto start = any_game::create(s.game.game, s.game.variant, s.game.board);
    if (!start) {
      spdlog::error("rematch of {} {}: {}", s.game.game, s.game.variant, start.error());
      return fn(nullptr, refusal::journal);
    }
    std::string human;  // against the computer: the person, whose computer caps count it
    for (const auto& who : seats) {
      if (!who || who->computer_level > 0) continue;
      if (limits_.seats_per_player != 0 && seats_held(who->player) >= limits_.seats_per_player) {
        metrics_.seats_refused.fetch_add(1);
        return fn(nullptr, refusal::seat_cap);
      }
      human = who->player;
    }
    const bool computer = s.computer_level > 0;
    if (computer) {
      if (computers_ && computers_->full()) {
        metrics_.computer_queue_full.fetch_add(1);
        return fn(nullptr, refusal::computer_busy);
      }
      if (const auto no = reserve_computer(human, s.creator_address); no != refusal::none) {
        metrics_.computer_games_refused.fetch_add(1);
        return fn(nullptr, no);
      }
    }
    // Gives back the computer game reserved above, when the room is not made after all.
    const auto release_caps = [this, computer, human, address = s.creator_address] {
      if (computer) release_computer(human, address);
    };
    // A rematch is a room made like any other: the creator's address's daily count holds it,
    // or resigning and asking again would make rooms without end.
    if (!s.creator_address.empty() &&
        created_today_.refuse(s.creator_address, limits_.rooms_per_address_per_day).has_value()) {
      release_caps();
      metrics_.rooms_refused_daily.fetch_add(1);
      return fn(nullptr, refusal::daily_cap);
    }
    do {
      s.id = random_base32(8);
    } while (rooms_.count(s.id) != 0);
    s.created = iso_utc_now();
    const auto made = [this, computer, human, seats,
                       address = s.creator_address](const room_ptr& r) {
      adopt(r);
      if (computer) rooms_[r->id()].computer_for.emplace(human, address);
      for (const auto& who : seats) {
        if (who && who->computer_level == 0) seats_[who->player].insert(r->id());
      }
      r->start_rematch(seats);
    };
    spdlog::info("room {} created as a rematch: {} {}", s.id, s.game.game, s.game.variant);
    room_row row = row_of(s, "playing");
    for (std::size_t i = 0; i < 2; ++i) {
      if (seats[i]) row.seats[i] = seat_row{seats[i]->player, seats[i]->name};
    }
    save_then_make(std::move(row), std::move(s), std::move(*start), release_caps, made,
                   std::move(fn));
  });
}

std::size_t room_registry::seats_held(const std::string& player) const {
  const auto s = seats_.find(player);
  if (s == seats_.end()) return 0;
  return static_cast<std::size_t>(
      std::count_if(s->second.begin(), s->second.end(), [&](const auto& id) {
        const auto r = rooms_.find(id);
        return r != rooms_.end() && !r->second.finished;
      }));
}

void room_registry::may_take_seat(std::string player, std::string room_id,
                                  std::function<void(bool)> fn) {
  net::post(strand_, [this, player = std::move(player), room_id = std::move(room_id),
                      fn = std::move(fn)] {
    const auto s = seats_.find(player);
    if (s != seats_.end() && s->second.count(room_id) != 0) return fn(true);
    const bool ok = limits_.seats_per_player == 0 || seats_held(player) < limits_.seats_per_player;
    if (!ok) metrics_.seats_refused.fetch_add(1);
    fn(ok);
  });
}

void room_registry::find_room(std::string id, std::function<void(room_ptr)> fn) {
  net::post(strand_, [this, id = std::move(id), fn = std::move(fn)]() mutable {
    const auto it = rooms_.find(id);
    if (it != rooms_.end() && it->second.r) return fn(it->second.r);
    if (!journal_) return fn(nullptr);
    if (const auto pending = restoring_.find(id); pending != restoring_.end()) {
      return pending->second.push_back(std::move(fn));
    }
    // A game finished before the last restart is still readable (and watchable) from the
    // journal; it is loaded on first use rather than at start.
    journal_->read([this, id = std::move(id), fn = std::move(fn)](server::journal& j) mutable {
      std::optional<room_with_moves> found;
      bool unfinished = false;
      if (auto row = j.room(id); row && *row) {
        unfinished = (*row)->status != "finished";
        if (!unfinished) {
          if (auto moves = j.moves(id))
            found = room_with_moves{std::move(**row), std::move(*moves)};
        }
      }
      net::post(strand_,
                [this, id, unfinished, found = std::move(found), fn = std::move(fn)]() mutable {
                  // In a cluster an unfinished room not in memory is another node's, or nobody's
                  // since its node died or left: then this server claims it and takes it over.
                  if (unfinished && observer_ != nullptr)
                    return find_absent(std::move(id), std::move(fn));
                  if (!found) return fn(nullptr);
                  if (const auto known = rooms_.find(found->room.id);
                      known != rooms_.end() && known->second.r)
                    return fn(known->second.r);
                  auto r = restore_room(ioc_, *this, metrics_, *found);
                  if (!r) {
                    spdlog::error("room {} cannot be read back: {}", found->room.id, r.error());
                    return fn(nullptr);
                  }
                  adopt(*r);
                  fn(*r);
                  (*r)->retire_if_unused();  // after what fn posted to it (a join keeps it)
                });
    });
  });
}

void room_registry::find_absent(std::string id, std::function<void(room_ptr)> fn) {
  observer_->claim_absent(id, [this, id, fn = std::move(fn)](room_observer::absent_room where) {
    using outcome = room_observer::absent_room::outcome;
    if (where.what != outcome::claimed) {
      // Owned by a live node elsewhere (or the cluster cannot say): not served here.
      return net::post(strand_, [fn] { fn(nullptr); });
    }
    take_over(id, where.epoch, [this, id, fn](room_ptr r) {
      observer_->absent_restored(id, r != nullptr);
      fn(std::move(r));
    });
  });
}

void room_registry::list_rooms(protocol::list_rooms q,
                               std::function<void(std::shared_ptr<const room_page>)> fn) {
  if (observer_ == nullptr) {
    return net::post(strand_, [this, q = std::move(q), fn = std::move(fn)] { fn(list_.page(q)); });
  }
  observer_->listed_elsewhere([this, q = std::move(q), fn = std::move(fn)](
                                  std::shared_ptr<const listed_entries> others) mutable {
    net::post(strand_, [this, q = std::move(q), fn = std::move(fn), others = std::move(others)] {
      merge_listed(others ? *others : listed_entries{});
      fn(list_.page(q));
    });
  });
}

void room_registry::merge_listed(const listed_entries& others) {
  // Entries gone from the other nodes (or now this node's own room) leave.
  for (auto it = listed_elsewhere_.begin(); it != listed_elsewhere_.end();) {
    const bool ours = rooms_.count(it->first) != 0;
    if (!ours && others.count(it->first) != 0) {
      ++it;
      continue;
    }
    if (!ours) list_.erase(it->first);
    it = listed_elsewhere_.erase(it);
  }
  for (const auto& [id, text] : others) {
    if (rooms_.count(id) != 0) continue;  // this node's own entry is the fresher one
    const auto known = listed_elsewhere_.find(id);
    if (known != listed_elsewhere_.end() && known->second == text) continue;
    auto decoded = cluster::listed_rooms::decode(text);
    if (!decoded) continue;  // not one a node wrote: left out
    list_.put(id, decoded->first, std::move(decoded->second), true);
    listed_elsewhere_[id] = text;
  }
}

void room_registry::update_summary(std::string id, nlohmann::json summary, bool listed) {
  net::post(strand_, [this, id = std::move(id), summary = std::move(summary), listed]() mutable {
    // Every room is registered (adopt) on this strand before its first summary arrives, so
    // an unknown id is a room already forgotten: do not bring back an entry without a room.
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    if (summary.value("status", "") != "waiting") stop_waiting(it->second);
    if (summary.value("status", "") == "finished") {
      it->second.finished = true;
      stop_computer(it->second);
    }
    if (observer_ != nullptr) {
      observer_->room_listed(
          id, it->second.order,
          listed && !summary.is_null() ? protocol::to_wire(summary) : std::string());
    }
    list_.put(id, it->second.order, std::move(summary), listed);
  });
}

void room_registry::note_seat(std::string player, std::string room_id, bool seated) {
  net::post(strand_, [this, player = std::move(player), room_id = std::move(room_id), seated] {
    if (seated) {
      seats_[player].insert(room_id);
    } else if (const auto it = seats_.find(player); it != seats_.end()) {
      it->second.erase(room_id);
    }
  });
}

void room_registry::forget(std::string id, std::vector<std::string> players) {
  if (!journal_) return;  // without a journal the room is the only copy of the game
  net::post(strand_, [this, id = std::move(id), players = std::move(players)] {
    if (const auto it = rooms_.find(id); it != rooms_.end()) {
      stop_waiting(it->second);
      stop_computer(it->second);
    }
    if (rooms_.erase(id) != 0 && observer_ != nullptr) observer_->room_closed(id);
    list_.erase(id);
    for (const auto& p : players) {
      if (const auto it = seats_.find(p); it != seats_.end()) {
        it->second.erase(id);
        if (it->second.empty()) seats_.erase(it);
      }
    }
    arm_trim();
  });
}

void room_registry::trim_memory_soon() {
  net::post(strand_, [this] { arm_trim(); });
}

// glibc keeps freed heap pages mapped; a few seconds after games or connections leave memory,
// give them back, so the process's RSS follows what it holds (the soak test and the abuse
// suite check). One trim per few seconds however much left.
void room_registry::arm_trim() {
  if (trim_armed_) return;
  trim_armed_ = true;
  trim_timer_.expires_after(std::chrono::seconds(3));
  trim_timer_.async_wait([this](boost::system::error_code ec) {
    trim_armed_ = false;
    if (!ec) malloc_trim(0);
  });
}

void room_registry::shutdown() {
  net::post(strand_, [this] {
    trim_timer_.cancel();
    for (const auto& [id, e] : rooms_) {
      if (e.r) e.r->shutdown();
    }
  });
}

}  // namespace ringside::server
