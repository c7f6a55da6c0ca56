#include "data/sqlite/statement.h"

namespace tabref::data::sqlite {

Statement::Statement(Database& db, std::string_view sql) : db_(db), sql_(sql) {
  db_.Check(sqlite3_prepare_v3(db_.handle(), sql_.c_str(), static_cast<int>(sql_.size()),
                               SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr),
            "prepare");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Cursor::~Cursor() {
  sqlite3_reset(statement_.stmt_);
  sqlite3_clear_bindings(statement_.stmt_);
}

Statement::Cursor& Statement::Cursor::Bind(int index, std::int64_t value) {
  statement_.db_.Check(sqlite3_bind_int64(statement_.stmt_, index, value), "bind");
  return *this;
}

Statement::Cursor& Statement::Cursor::Bind(int index, double value) {
  statement_.db_.Check(sqlite3_bind_double(statement_.stmt_, index, value), "bind");
  return *this;
}

Statement::Cursor& Statement::Cursor::Bind(int index, std::string_view text) {
  statement_.db_.Check(sqlite3_bind_text(statement_.stmt_, index, text.data(),
                                         static_cast<int>(text.size()), SQLITE_TRANSIENT),
                       "bind");
  return *this;
}

Statement::Cursor& Statement::Cursor::BindNull(int index) {
  statement_.db_.Check(sqlite3_bind_null(statement_.stmt_, index), "bind");
  return *this;
}

bool Statement::Cursor::Step() {
  return statement_.db_.Check(sqlite3_step(statement_.stmt_), "query") == SQLITE_ROW;
}

void Statement::Cursor::Execute() {
  while (Step()) {
  }
}

std::int64_t Statement::Cursor::Int(int column) const {
  return sqlite3_column_int64(statement_.stmt_, column);
}

double Statement::Cursor::Real(int column) const {
  return sqlite3_column_double(statement_.stmt_, column);
}

std::string Statement::Cursor::Text(int column) const {
  const auto* text = sqlite3_column_text(statement_.stmt_, column);
  if (text == nullptr) {
    // NULL text is a NULL value, or a failure to convert the value (out of memory).
    if (IsNull(column)) return {};
    statement_.db_.Check(sqlite3_errcode(statement_.db_.handle()), "read a column");
    return {};
  }
  return {reinterpret_cast<const char*>(text),
          static_cast<size_t>(sqlite3_column_bytes(statement_.stmt_, column))};
}

std::optional<std::string> Statement::Cursor::OptionalText(int column) const {
  if (IsNull(column)) return std::nullopt;
  return Text(column);
}

bool Statement::Cursor::IsNull(int column) const {
  return sqlite3_column_type(statement_.stmt_, column) == SQLITE_NULL;
}

}  // namespace tabref::data::sqlite
