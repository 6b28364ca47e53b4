#include "server/journal_statement.hpp"

#include <utility>

namespace ringside::server {

ringside::expected<journal_statement> journal_statement::prepare(store_connection& db,
                                                                 std::string_view sql) {
  auto stmt = db.prepare(sql);
  if (!stmt) return ringside::fail(stmt.error());
  return journal_statement(std::move(*stmt));
}

void journal_statement::bind(int index, const std::optional<std::string>& text) {
  if (text) {
    bind(index, std::string_view(*text));
    return;
  }
  stmt_->bind_null(index);
}

void journal_statement::bind(int index, const std::optional<std::int64_t>& value) {
  if (value) {
    bind(index, *value);
    return;
  }
  stmt_->bind_null(index);
}

std::optional<std::string> journal_statement::optional_text(int col) const {
  if (is_null(col)) return std::nullopt;
  return text(col);
}

std::optional<std::int64_t> journal_statement::optional_integer(int col) const {
  if (is_null(col)) return std::nullopt;
  return integer(col);
}

}  // namespace ringside::server
