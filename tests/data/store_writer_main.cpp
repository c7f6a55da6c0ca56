// A child process for the crash and concurrency tests. Appends to one game for ever,
// printing a number once each append has returned:
//   store_writer DB GAME_ID          journal entries {"type": "tick", "n": k}, printing k
//   store_writer DB GAME_ID --play   plays the game with random legal actions through a
//                                    GameSession (undoing the last action whenever the game
//                                    is over), printing the journal length
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "data/session/game_session.h"
#include "data/store/sqlite_game_store.h"

namespace {

bool Confirm(std::int64_t n) {
  const std::string line = std::to_string(n) + "\n";
  return ::write(STDOUT_FILENO, line.data(), line.size()) == static_cast<ssize_t>(line.size());
}

int AppendTicks(tabref::data::SqliteGameStore& store, std::int64_t game_id) {
  for (std::int64_t n = store.Game(game_id).journal_entries + 1;; ++n) {
    tabref::data::JournalEntry entry;
    entry.action.body = {{"type", "tick"}, {"n", n}};
    store.Append(game_id, entry, {});
    if (!Confirm(n)) return 1;
  }
}

int Play(tabref::data::SqliteGameStore& store, std::int64_t game_id) {
  auto session = tabref::data::GameSession::Open(store, game_id);
  tabref::rules::Rng rng(static_cast<std::uint64_t>(game_id));
  for (std::int64_t entries = store.Game(game_id).journal_entries + 1;; ++entries) {
    if (session.state().IsTerminal()) {
      session.Undo();
    } else {
      session.Act({session.state().RandomAction(rng)});
    }
    if (!Confirm(entries)) return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool play = argc == 4 && std::string(argv[3]) == "--play";
  if (argc != 3 && !play) {
    std::cerr << "usage: store_writer DB GAME_ID [--play]\n";
    return 2;
  }
  try {
    tabref::data::SqliteGameStore store(argv[1]);
    const std::int64_t game_id = std::atoll(argv[2]);
    return play ? Play(store, game_id) : AppendTicks(store, game_id);
  } catch (const std::exception& error) {
    std::cerr << "store_writer: " << error.what() << "\n";
    return 1;
  }
}
