// Durability under SIGKILL and reading while another process writes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>

#include "data/sqlite/database.h"
#include "data/sqlite/statement.h"
#include "data/store/sqlite_game_store.h"

namespace tabref::data {
namespace {

class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/tabref_crash_XXXXXX";
    path_ = ::mkdtemp(pattern);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// The writer child with its stdout on a pipe.
class Writer {
 public:
  Writer(const std::string& db, std::int64_t game_id) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      const std::string id = std::to_string(game_id);
      ::execl(TABREF_STORE_WRITER, TABREF_STORE_WRITER, db.c_str(), id.c_str(),
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    out_ = ::fdopen(fds[0], "r");
  }
  ~Writer() {
    Kill();
    std::fclose(out_);
  }

  // Reads what the child printed; the last number is the last append that returned.
  std::int64_t LastConfirmed() {
    long long value = 0;
    while (std::fscanf(out_, "%lld", &value) == 1) last_ = value;
    return last_;
  }
  std::int64_t ReadOne() {
    long long value = 0;
    if (std::fscanf(out_, "%lld", &value) == 1) last_ = value;
    return last_;
  }
  void Kill() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  std::int64_t last_ = 0;
};

std::string IntegrityCheck(const std::string& path) {
  sqlite::Database db(path, sqlite::OpenMode::kReadOnly);
  sqlite::Statement check(db, "PRAGMA integrity_check");
  auto cursor = check.Run();
  return cursor.Step() ? cursor.Text(0) : "no answer";
}

void ExpectContiguousTicks(const std::vector<JournalEntry>& journal) {
  for (size_t i = 0; i < journal.size(); ++i) {
    ASSERT_EQ(journal[i].sequence, static_cast<std::int64_t>(i + 1));
    ASSERT_EQ(journal[i].action.body["n"], static_cast<std::int64_t>(i + 1));
  }
}

TEST(StoreCrash, EveryReturnedAppendSurvivesSigkill) {
  TempDir dir;
  const std::string db = dir.File("games.sqlite");
  std::int64_t game_id = 0;
  {
    SqliteGameStore store(db);
    game_id = store.CreateGame({"card-golf", {"Ann", "Bob"}, {}, rules::Json::object()}, {}, {});
  }
  // Each round lets the writer confirm a few appends (so that it is surely appending, not
  // still starting), then kills it a random moment later: anywhere in an append, its
  // commit and fsync included.
  std::mt19937 rng(20261122);
  std::uniform_int_distribution<int> confirmations(1, 6);
  std::uniform_int_distribution<int> delay_us(0, 4000);
  constexpr int kKills = 40;
  std::int64_t stored = 0;
  for (int kill = 0; kill < kKills; ++kill) {
    SCOPED_TRACE("kill " + std::to_string(kill));
    std::int64_t confirmed = 0;
    {
      Writer writer(db, game_id);
      const int wait_for = confirmations(rng);
      for (int i = 0; i < wait_for; ++i) writer.ReadOne();
      std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
      writer.Kill();
      confirmed = writer.LastConfirmed();
    }
    ASSERT_GT(confirmed, stored) << "the writer did not get to append";
    ASSERT_EQ(IntegrityCheck(db), "ok");
    SqliteGameStore store(db);
    const auto journal = store.Journal(game_id);
    ExpectContiguousTicks(journal);
    // Everything confirmed is there, in order; at most the one append in flight at the
    // kill may be there too, and nothing else.
    const auto entries = static_cast<std::int64_t>(journal.size());
    ASSERT_GE(entries, confirmed);
    ASSERT_LE(entries, confirmed + 1);
    stored = entries;
  }
}

TEST(StoreConcurrency, ReadersSeeConsistentPrefixesWhileAnotherProcessWrites) {
  TempDir dir;
  const std::string db = dir.File("games.sqlite");
  std::int64_t game_id = 0;
  {
    SqliteGameStore store(db);
    game_id = store.CreateGame({"card-golf", {"Ann", "Bob"}, {}, rules::Json::object()}, {}, {});
  }
  Writer writer(db, game_id);
  writer.ReadOne();  // the writer is running
  SqliteGameStore reader(db);
  size_t previous = 0;
  for (int i = 0; i < 100; ++i) {
    const auto journal = reader.Journal(game_id);
    ExpectContiguousTicks(journal);
    EXPECT_GE(journal.size(), previous);
    previous = journal.size();
    EXPECT_EQ(reader.Games(true).size(), 1u);
  }
  writer.Kill();
  EXPECT_GT(previous, 0u);
}

}  // namespace
}  // namespace tabref::data
