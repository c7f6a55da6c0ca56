#include "data/sqlite/database.h"

#include "data/store/store_error.h"

namespace tabref::data::sqlite {

Database::Database(const std::string& path, OpenMode mode) : path_(path), mode_(mode) {
  const int flags = (mode == OpenMode::kReadOnly ? SQLITE_OPEN_READONLY
                                                 : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                    SQLITE_OPEN_NOMUTEX;
  // The constructor throws before the destructor could close the handle: close it here.
  auto fail = [this](int rc) {
    const std::string message = Describe(rc, "open");
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StoreError(message);
  };
  if (const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr); rc != SQLITE_OK) fail(rc);
  if (const int rc = sqlite3_extended_result_codes(db_, 1); rc != SQLITE_OK) fail(rc);
}

Database::~Database() { sqlite3_close_v2(db_); }

void Database::Exec(std::string_view sql, std::string_view what) {
  Check(sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, nullptr), what);
}

int Database::Check(int rc, std::string_view what) const {
  if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return rc;
  throw StoreError(Describe(rc, what));
}

std::string Database::Describe(int rc, std::string_view what) const {
  const std::string prefix = "database " + path_ + ": " + std::string(what) + " failed: ";
  switch (rc & 0xff) {
    case SQLITE_NOTADB:
      return prefix +
             "the file is not a tabref database (left untouched); use --db to choose "
             "another file";
    case SQLITE_CORRUPT:
      return prefix +
             "the database is damaged (left untouched); restore a backup or use --db "
             "to start a new file";
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return prefix +
             "the database is locked by another program; try again when it has "
             "finished";
    case SQLITE_READONLY:
      return prefix +
             "the file is read-only; check its permissions or use --db to choose "
             "another file";
    case SQLITE_CANTOPEN:
      return prefix + "cannot open the file; check that its folder exists and is writable";
    case SQLITE_FULL:
      return prefix + "the disk is full; free some space and try again";
    default:
      break;
  }
  const char* detail = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  return prefix + detail;
}

}  // namespace tabref::data::sqlite
