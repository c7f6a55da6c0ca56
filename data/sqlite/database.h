#pragma once

#include <sqlite3.h>

#include <string>
#include <string_view>

namespace tabref::data::sqlite {

enum class OpenMode {
  kReadOnly,   // never writes; fails when the file does not exist
  kReadWrite,  // creates the file when it does not exist
};

// An open SQLite connection. Every sqlite3 call of the store goes through Check(), which
// turns a failure into a StoreError naming the file and the operation.
class Database {
 public:
  Database(const std::string& path, OpenMode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }
  OpenMode mode() const { return mode_; }

  // Runs SQL without results (several statements allowed).
  void Exec(std::string_view sql, std::string_view what);
  // Throws StoreError unless rc is SQLITE_OK, SQLITE_ROW or SQLITE_DONE.
  int Check(int rc, std::string_view what) const;
  // The one-line message for an sqlite result code, with advice for the common faults.
  std::string Describe(int rc, std::string_view what) const;

 private:
  std::string path_;
  OpenMode mode_;
  sqlite3* db_ = nullptr;
};

}  // namespace tabref::data::sqlite
