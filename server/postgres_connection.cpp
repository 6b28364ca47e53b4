#include "server/postgres_connection.hpp"

#include <libpq-fe.h>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <vector>

#include "server/journal_schema.hpp"
#include "server/journal_schema_postgres.hpp"

namespace ringside::server {

static_assert(std::size(journal_schema_postgres::migrations) ==
                  std::size(journal_schema::migrations),
              "both engines' schemas carry the same version numbers");

namespace {

// The journal writes parameters as SQLite does (?1, ?2, ...); PostgreSQL wants $1, $2, ...
// Quoted text is left alone.
std::string numbered_parameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  bool quoted = false;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (c == '\'') quoted = !quoted;
    const bool digit_follows = i + 1 < sql.size() && sql[i + 1] >= '0' && sql[i + 1] <= '9';
    out += (!quoted && c == '?' && digit_follows) ? '$' : c;
  }
  return out;
}

// libpq's messages span lines ("...failed: Connection refused\n\tIs the server running");
// ours are one line each.
std::string one_line(std::string_view message) {
  std::string out;
  for (char c : message) {
    const bool space = c == '\n' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string error_of(const pg_conn* conn) {
  return one_line(PQerrorMessage(conn));
}

void ignore_notice(void*, const char*) {}

// Owns one PGresult.
struct result_deleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using result_ptr = std::unique_ptr<PGresult, result_deleter>;

}  // namespace

// One prepared PostgreSQL statement; parameters go as text, results come back as text.
class postgres_statement final : public store_statement {
 public:
  postgres_statement(postgres_connection& conn, std::string sql)
      : conn_(conn), sql_(std::move(sql)), commits_(sql_ == "COMMIT") {}
  postgres_statement(const postgres_statement&) = delete;
  postgres_statement& operator=(const postgres_statement&) = delete;
  // A statement prepared for one call (a player's page) must not stay in the session.
  ~postgres_statement() override {
    result_.reset();
    if (!name_.empty() && prepared_generation_ == conn_.generation_ &&
        PQstatus(conn_.conn_) == CONNECTION_OK) {
      result_ptr r(PQexec(conn_.conn_, ("DEALLOCATE " + name_).c_str()));
    }
  }

  void bind(int index, std::int64_t value) override { set(index, std::to_string(value)); }
  void bind(int index, std::string_view text) override { set(index, std::string(text)); }
  void bind_real(int index, double value) override {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", value);  // enough digits to read back exactly
    set(index, buf);
  }
  void bind_null(int index) override {
    if (index < 1) return;
    grow(index);
    params_[static_cast<std::size_t>(index - 1)].reset();
  }

  store_step step() override {
    if (result_) {
      ++row_;
      return row_ < PQntuples(result_.get()) ? store_step::row : store_step::done;
    }
    if (conn_.lost_transaction_) {
      return conn_.end_lost_transaction(sql_) ? store_step::done : store_step::failed;
    }
    if (!conn_.ensure_connected()) return store_step::failed;
    const bool was_in_transaction = conn_.in_transaction();
    if (prepared_generation_ != conn_.generation_ || name_.empty()) {
      if (!prepare_now()) {
        conn_.after_failure(was_in_transaction);
        return store_step::failed;
      }
    }
    std::vector<const char*> values;
    values.reserve(params_.size());
    for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
    result_ptr r(PQexecPrepared(conn_.conn_, name_.c_str(), static_cast<int>(values.size()),
                                values.data(), nullptr, nullptr, 0));
    const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
      conn_.note_failure(r ? std::string(PQresultErrorMessage(r.get())) : error_of(conn_.conn_));
      conn_.after_failure(was_in_transaction);
      return store_step::failed;
    }
    // COMMIT of a transaction an earlier error doomed answers ROLLBACK, not an error.
    if (commits_ && std::string_view(PQcmdStatus(r.get())) == "ROLLBACK") {
      conn_.note_failure("the transaction failed earlier and was rolled back");
      return store_step::failed;
    }
    const char* changed = PQcmdTuples(r.get());
    conn_.changes_ = changed[0] != '\0' ? std::strtoll(changed, nullptr, 10) : 0;
    result_ = std::move(r);
    row_ = 0;
    return PQntuples(result_.get()) > 0 ? store_step::row : store_step::done;
  }

  void reset() override {
    result_.reset();
    row_ = 0;
    params_.clear();
  }

  bool is_null(int col) const override {
    return !result_ || PQgetisnull(result_.get(), row_, col) == 1;
  }
  std::int64_t integer(int col) const override {
    return is_null(col) ? 0 : std::strtoll(PQgetvalue(result_.get(), row_, col), nullptr, 10);
  }
  double real(int col) const override {
    return is_null(col) ? 0.0 : std::strtod(PQgetvalue(result_.get(), row_, col), nullptr);
  }
  std::string text(int col) const override {
    if (is_null(col)) return {};
    return std::string(PQgetvalue(result_.get(), row_, col),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row_, col)));
  }

  // Prepares on the current connection; the journal prepares everything at open, so a bug
  // in the SQL shows then.
  bool prepare_now() {
    name_ = "ringside_" + std::to_string(conn_.next_statement_++);
    result_ptr r(PQprepare(conn_.conn_, name_.c_str(), sql_.c_str(), 0, nullptr));
    if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
      conn_.note_failure("cannot prepare \"" + sql_ + "\": " +
                         (r ? std::string(PQresultErrorMessage(r.get())) : error_of(conn_.conn_)));
      name_.clear();
      return false;
    }
    prepared_generation_ = conn_.generation_;
    return true;
  }

 private:
  void grow(int index) {
    if (params_.size() < static_cast<std::size_t>(index)) {
      params_.resize(static_cast<std::size_t>(index));
    }
  }
  void set(int index, std::string value) {
    if (index < 1) return;
    grow(index);
    params_[static_cast<std::size_t>(index - 1)] = std::move(value);
  }

  postgres_connection& conn_;
  std::string sql_;
  bool commits_ = false;
  std::string name_;
  std::uint64_t prepared_generation_ = 0;
  std::vector<std::optional<std::string>> params_;
  result_ptr result_;
  int row_ = 0;
};

void postgres_connection::note_failure(const std::string& why) {
  last_error_ = one_line(why);
}

bool postgres_connection::in_transaction() const {
  const auto state = PQtransactionStatus(conn_);
  return state == PQTRANS_INTRANS || state == PQTRANS_INERROR || state == PQTRANS_ACTIVE;
}

void postgres_connection::after_failure(bool was_in_transaction) {
  if (was_in_transaction && PQstatus(conn_) != CONNECTION_OK) {
    lost_transaction_ = true;
    note_failure("the connection to " + where_ +
                 " was lost inside a transaction (ended by PostgreSQL, e.g. once this server "
                 "paused inside it past its idle-in-transaction timeout): " +
                 last_error_);
    lost_reason_ = last_error_;
  }
}

bool postgres_connection::end_lost_transaction(std::string_view sql) {
  // As PostgreSQL treats a transaction a failed statement doomed: ROLLBACK ends it, COMMIT
  // ends it and fails, and anything else fails. Run on a new session, a statement would
  // commit alone what its transaction no longer guards (a room's fence ran in the session
  // that is gone).
  if (sql == "ROLLBACK" || sql == "COMMIT") lost_transaction_ = false;
  if (sql == "ROLLBACK") return true;
  last_error_ = lost_reason_;
  return false;
}

bool postgres_connection::is_url(std::string_view location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string postgres_connection::redacted(std::string_view url) {
  const auto scheme = url.find("://");
  const auto at = url.find('@');
  if (scheme == std::string_view::npos || at == std::string_view::npos || at < scheme) {
    return std::string(url);
  }
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon + 1)) + "***" + std::string(url.substr(at));
}

ringside::expected<std::unique_ptr<postgres_connection>> postgres_connection::open(
    const std::string& url, std::chrono::milliseconds idle_transaction_timeout) {
  const std::string where = "PostgreSQL store " + redacted(url);
  // connect_timeout: an unreachable server fails the start in seconds, not minutes.
  const char* keys[] = {"dbname", "connect_timeout", nullptr};
  const char* values[] = {url.c_str(), "5", nullptr};
  pg_conn* conn = PQconnectdbParams(keys, values, 1);
  if (conn == nullptr) return ringside::fail("cannot reach " + where + ": out of memory");
  std::unique_ptr<postgres_connection> c(
      new postgres_connection(conn, where, idle_transaction_timeout));
  if (PQstatus(conn) != CONNECTION_OK) {
    return ringside::fail("cannot reach " + where + ": " + error_of(conn));
  }
  PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  if (!c->configure_session()) return ringside::fail("cannot use " + where + ": " + c->last_error_);
  return c;
}

postgres_connection::~postgres_connection() {
  PQfinish(conn_);
}

bool postgres_connection::configure_session() {
  // A site's default may be off; the journal acks a move only once it is durable.
  std::string settings = "SET synchronous_commit = on";
  // Our transactions run their statements back to back; one waiting this long belongs to a
  // paused process, and PostgreSQL ending it frees the rows it locked.
  if (idle_transaction_timeout_.count() > 0) {
    settings += "; SET idle_in_transaction_session_timeout = " +
                std::to_string(idle_transaction_timeout_.count());
  }
  result_ptr r(PQexec(conn_, settings.c_str()));
  if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
    note_failure(error_of(conn_));
    return false;
  }
  return true;
}

bool postgres_connection::ensure_connected() {
  if (PQstatus(conn_) == CONNECTION_OK) return true;
  const auto now = std::chrono::steady_clock::now();
  // While PostgreSQL is down every write fails at once instead of waiting on a connect.
  if (now - last_reconnect_ < std::chrono::seconds(1)) {
    note_failure("the connection to " + where_ + " is lost; reconnecting");
    return false;
  }
  last_reconnect_ = now;
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) {
    note_failure("the connection to " + where_ + " is lost: " + error_of(conn_));
    return false;
  }
  ++generation_;
  return configure_session();
}

ringside::expected<std::unique_ptr<store_statement>> postgres_connection::prepare(
    std::string_view sql) {
  auto s = std::make_unique<postgres_statement>(*this, numbered_parameters(sql));
  if (lost_transaction_) return ringside::fail(lost_reason_);
  if (!ensure_connected()) return ringside::fail(last_error_);
  const bool was_in_transaction = in_transaction();
  if (!s->prepare_now()) {
    after_failure(was_in_transaction);
    return ringside::fail(last_error_);
  }
  return std::unique_ptr<store_statement>(std::move(s));
}

ringside::expected<std::monostate> postgres_connection::exec(std::string_view sql) {
  const std::string text(sql);
  if (lost_transaction_) {
    if (end_lost_transaction(text)) return std::monostate{};
    return ringside::fail("journal: " + text + ": " + last_error_);
  }
  if (!ensure_connected()) return ringside::fail("journal: " + text + ": " + last_error_);
  const bool was_in_transaction = in_transaction();
  result_ptr r(PQexec(conn_, text.c_str()));
  const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    note_failure(r ? std::string(PQresultErrorMessage(r.get())) : error_of(conn_));
    after_failure(was_in_transaction);
    return ringside::fail("journal: " + text + ": " + last_error_);
  }
  if (text == "COMMIT" && std::string_view(PQcmdStatus(r.get())) == "ROLLBACK") {
    note_failure("the transaction failed earlier and was rolled back");
    return ringside::fail("journal: COMMIT: " + last_error_);
  }
  return std::monostate{};
}

store_transaction postgres_connection::transaction() {
  // Still to be rolled back by its owner, as a transaction a failed statement doomed.
  if (lost_transaction_) return store_transaction::aborted;
  switch (PQtransactionStatus(conn_)) {
    case PQTRANS_INTRANS:
    case PQTRANS_ACTIVE:
      return store_transaction::open;
    case PQTRANS_INERROR:
      return store_transaction::aborted;
    default:  // idle, or unknown on a lost connection (which ended any transaction)
      return store_transaction::none;
  }
}

std::string postgres_connection::equals_ignoring_case(std::string_view column,
                                                      std::string_view param) const {
  // Served by the lower() indexes of the PostgreSQL schema's version 9.
  return "lower(" + std::string(column) + ") = lower(CAST(" + std::string(param) + " AS TEXT))";
}

std::span<const char* const> postgres_connection::migrations() const {
  return std::span<const char* const>(std::begin(journal_schema_postgres::migrations),
                                      std::end(journal_schema_postgres::migrations));
}

std::string_view postgres_connection::migration_lock_sql() const {
  // Held until the migration's COMMIT: servers starting together migrate one after another.
  return "SELECT pg_advisory_xact_lock(727161)";
}

}  // namespace ringside::server
