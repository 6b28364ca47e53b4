#include "server/room_recorder.hpp"

#include <spdlog/spdlog.h>

#include "common/unix_time.hpp"
#include "server/journal_writer.hpp"

namespace ringside::server {

room_recorder::room_recorder(journal_writer* writer, std::string room_id,
                             boost::asio::any_io_executor strand)
    : writer_(writer), room_id_(std::move(room_id)), strand_(std::move(strand)) {}

void room_recorder::record_seats(const std::array<std::optional<seat_row>, 2>& seats,
                                 std::string status) {
  if (writer_ == nullptr) return;
  writer_->write([id = room_id_, seats, status = std::move(status)](
                     journal& j) { return j.update_seats(id, seats, status); },
                 strand_,
                 [id = room_id_](journal_status st) {
                   if (!st) spdlog::error("room {}: seats not recorded: {}", id, st.error());
                 });
}

void room_recorder::record_finish(const room_result& result, std::string position,
                                  std::string record) {
  if (writer_ == nullptr) return;
  writer_->write(
      [id = room_id_, result, position = std::move(position), record = std::move(record)](
          journal& j) { return j.finish_room(id, result, position, record); },
      strand_,
      [id = room_id_](journal_status st) {
        if (!st) spdlog::error("room {}: result not recorded: {}", id, st.error());
      });
}

void room_recorder::record_move(move_row row, std::function<void(journal_status)> done) {
  if (writer_ == nullptr) return done(journal_status(std::monostate{}));
  writer_->write(
      [id = room_id_, row = std::move(row)](journal& j) { return j.append_move(id, row); }, strand_,
      std::move(done));
}

void room_recorder::record_takeback(int from_ply, std::function<void(journal_status)> done) {
  if (writer_ == nullptr) return done(journal_status(std::monostate{}));
  writer_->write(
      [id = room_id_, from_ply](journal& j) { return j.take_back(id, from_ply, unix_ms_now()); },
      strand_, std::move(done));
}

}  // namespace ringside::server
