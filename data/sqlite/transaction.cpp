#include "data/sqlite/transaction.h"

namespace tabref::data::sqlite {

Transaction::Transaction(Database& db) : db_(db) { db_.Exec("BEGIN IMMEDIATE", "begin"); }

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::Commit() {
  db_.Exec("COMMIT", "commit");
  open_ = false;
}

}  // namespace tabref::data::sqlite
