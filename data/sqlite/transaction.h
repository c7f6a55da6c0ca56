#pragma once

#include "data/sqlite/database.h"

namespace tabref::data::sqlite {

// BEGIN IMMEDIATE on construction (so a writer waits for the lock up front, not halfway
// through); ROLLBACK on destruction unless Commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  // Once this returns, the transaction is durable.
  void Commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace tabref::data::sqlite
