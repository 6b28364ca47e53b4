#include "server/room_recorder.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "common/unix_time.hpp"

#include "server/journal_writer.hpp"

namespace ringside::server {

room_recorder::room_recorder(journal_writer* writer, std::string room_id,
                             boost::asio::any_io_executor strand)
    : writer_(writer), room_id_(std::move(room_id)), strand_(std::move(strand)) {}

void room_recorder::set_fencing(const room_observer* owner, std::function<void()> lost) {
  owner_ = owner;
  lost_ = std::move(lost);
}

void room_recorder::write(write_op op, done_op done, bool seats) {
  auto scope =
      seats ? journal_write_scope::seats_of(room_id_) : journal_write_scope::of_room(room_id_);
  const auto epoch = owner_ != nullptr ? owner_->write_epoch(room_id_) : std::nullopt;
  if (!epoch) return writer_->write(std::move(op), strand_, std::move(done), std::move(scope));
  auto fenced = std::make_shared<bool>(false);
  writer_->write(
      [id = room_id_, epoch = *epoch, fenced, op = std::move(op)](journal& j) -> journal_status {
        const auto ok = j.fence_room(id, epoch);
        if (!ok) return ringside::fail(ok.error());
        if (!*ok) {
          *fenced = true;
          return ringside::fail("room " + id + " belongs to a newer owner than epoch " +
                                std::to_string(epoch) + " (fenced in the store)");
        }
        return op(j);
      },
      strand_,
      [fenced, lost = lost_, done = std::move(done)](journal_status st) {
        if (done) done(st);
        if (*fenced && lost) lost();
      },
      std::move(scope));
}

void room_recorder::record_seats(const std::array<std::optional<seat_row>, 2>& seats,
                                 std::string status, std::function<void(journal_status)> done) {
  if (writer_ == nullptr) return;
  write([id = room_id_, seats,
         status = std::move(status)](journal& j) { return j.update_seats(id, seats, status); },
        [id = room_id_, done = std::move(done)](journal_status st) {
          if (!st) spdlog::error("room {}: seats not recorded: {}", id, st.error());
          if (done) done(std::move(st));
        },
        true);
}

void room_recorder::record_finish(const room_result& result, std::string position,
                                  std::string record) {
  if (writer_ == nullptr) return;
  write([id = room_id_, result, position = std::move(position), record = std::move(record)](
            journal& j) { return j.finish_room(id, result, position, record); },
        [id = room_id_](journal_status st) {
          if (!st) spdlog::error("room {}: result not recorded: {}", id, st.error());
        });
}

void room_recorder::record_rated_finish(const room_result& result, std::string position,
                                        std::string record, std::string category,
                                        const rating::glicko2& system, rated_done done) {
  if (writer_ == nullptr) return;
  // The op runs on the writer thread and done on the strand, after the commit: the changes
  // travel between them in this box, and are reported only once they are durable. The system
  // is copied: the writer may run the op while the server shuts down.
  using changes = ringside::expected<std::array<rating_change, 2>>;
  auto box = std::make_shared<std::optional<changes>>();
  write(
      [id = room_id_, result, position = std::move(position), record = std::move(record),
       category = std::move(category), system, box](journal& j) -> journal_status {
        *box = j.finish_rated_room(id, result, position, record, category, system,
                                   unix_ms_now());
        if (!**box) return ringside::fail((**box).error());
        return std::monostate{};
      },
      [id = room_id_, box, done = std::move(done)](journal_status st) {
        if (!st || !*box) {
          const std::string why = st ? "the write did not run" : st.error();
          spdlog::error("room {}: rated result not recorded: {}", id, why);
          return done(ringside::fail(why));
        }
        done(std::move(**box));
      });
}

void room_recorder::read_rating(std::string player_id, std::string category, rating_done done) {
  if (writer_ == nullptr) return;
  writer_->read([player_id = std::move(player_id), category = std::move(category),
                 strand = strand_, done = std::move(done)](journal& j) mutable {
    auto got = j.find_rating(player_id, category);
    boost::asio::post(strand, [got = std::move(got), done = std::move(done)]() mutable {
      done(std::move(got));
    });
  });
}

void room_recorder::read_rating_changes(changes_done done) {
  if (writer_ == nullptr) return;
  writer_->read([id = room_id_, strand = strand_, done = std::move(done)](journal& j) mutable {
    auto got = j.room_rating_changes(id);
    boost::asio::post(strand, [got = std::move(got), done = std::move(done)]() mutable {
      done(std::move(got));
    });
  });
}

void room_recorder::record_move(move_row row, std::function<void(journal_status)> done) {
  if (writer_ == nullptr) return done(journal_status(std::monostate{}));
  write([id = room_id_, row = std::move(row)](journal& j) { return j.append_move(id, row); },
        std::move(done));
}

void room_recorder::record_takeback(int from_ply, std::function<void(journal_status)> done) {
  if (writer_ == nullptr) return done(journal_status(std::monostate{}));
  write([id = room_id_, from_ply](journal& j) { return j.take_back(id, from_ply, unix_ms_now()); },
        std::move(done));
}

}  // namespace ringside::server
