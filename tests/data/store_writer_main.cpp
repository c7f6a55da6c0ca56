// A child process for the crash and concurrency tests: appends journal entries
// {"type": "tick", "n": k} to one game for ever, printing k once each append has returned.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "data/store/sqlite_game_store.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: store_writer DB GAME_ID\n";
    return 2;
  }
  tabref::data::SqliteGameStore store(argv[1]);
  const std::int64_t game_id = std::atoll(argv[2]);
  for (std::int64_t n = store.Game(game_id).journal_entries + 1;; ++n) {
    tabref::data::JournalEntry entry;
    entry.action.body = {{"type", "tick"}, {"n", n}};
    store.Append(game_id, entry, {});
    const std::string line = std::to_string(n) + "\n";
    if (::write(STDOUT_FILENO, line.data(), line.size()) < 0) return 1;
  }
}
