#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "data/sqlite/database.h"

namespace tabref::data::sqlite {

// A prepared statement, prepared once and reused. Use it through Run(), which hands out a
// Cursor that resets the statement and clears its bindings when it goes out of scope.
class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  class Cursor {
   public:
    explicit Cursor(Statement& statement) : statement_(statement) {}
    ~Cursor();
    Cursor(const Cursor&) = delete;
    Cursor& operator=(const Cursor&) = delete;

    // Parameters are 1-based, as in SQL.
    Cursor& Bind(int index, std::int64_t value);
    Cursor& Bind(int index, double value);
    Cursor& Bind(int index, std::string_view text);
    Cursor& BindNull(int index);

    // Advances; false when there are no more rows.
    bool Step();
    // Runs a statement that returns no rows.
    void Execute();

    // Columns are 0-based, as in sqlite3_column_*.
    std::int64_t Int(int column) const;
    double Real(int column) const;
    std::string Text(int column) const;
    std::optional<std::string> OptionalText(int column) const;
    bool IsNull(int column) const;

   private:
    Statement& statement_;
  };

  Cursor Run() { return Cursor(*this); }

 private:
  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
  std::string sql_;
};

}  // namespace tabref::data::sqlite
