#pragma once

#include "data/sqlite/database.h"

namespace tabref::data {

// The schema version this build writes (PRAGMA user_version).
int LatestSchemaVersion();

// Sets how long to wait for another program's lock, checks that `db` is a readable tabref database
// (or a new, empty file) and not from a newer tabref, before anything is written; then, unless
// read-only, switches to WAL with synchronous=FULL and applies the missing migrations, each in its
// own transaction. Throws StoreError and leaves the file's bytes untouched when the checks fail.
void OpenSchema(sqlite::Database& db, int busy_timeout_ms);

}  // namespace tabref::data
