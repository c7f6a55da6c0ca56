// The game commands against databases they must not use or change: damaged, not a
// database, from a newer tabref, read-only, locked by another program; and reading while
// another process plays a game. Every refusal is one line on stderr with exit status 1,
// and the file's bytes stay as they were.
#include <grp.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "app/cli/cli.h"
#include "data/sqlite/database.h"
#include "data/sqlite/transaction.h"
#include "rules/core/json.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

using rules::Json;
namespace fs = std::filesystem;

std::string ReadAll(int fd) {
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  ::close(fd);
  return text;
}

// Runs the real tabref executable. With `unprivileged`, a root test process (CI runs as
// root, and file permissions do not bind root) runs it as the user "nobody", for whom a
// read-only file is read-only as it is for any user.
Result RunBinary(const std::vector<std::string>& args, bool unprivileged) {
  int out[2];
  int err[2];
  if (::pipe(out) != 0 || ::pipe(err) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    for (int fd : {out[0], out[1], err[0], err[1]}) ::close(fd);
    if (unprivileged && ::geteuid() == 0) {
      const passwd* nobody = ::getpwnam("nobody");
      const uid_t uid = nobody != nullptr ? nobody->pw_uid : 65534;
      const gid_t gid = nobody != nullptr ? nobody->pw_gid : 65534;
      if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0) ::_exit(126);
    }
    std::vector<char*> argv = {const_cast<char*>(TABREF_BINARY)};
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(TABREF_BINARY, argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  ::close(err[1]);
  Result result;
  result.out = ReadAll(out[0]);
  result.err = ReadAll(err[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

class StoreFaultCommands : public ::testing::Test {
 protected:
  StoreFaultCommands() {
    char pattern[] = "/tmp/tabref_cli_faults_XXXXXX";
    dir_ = ::mkdtemp(pattern);
    db_ = (dir_ / "games.sqlite").string();
  }
  ~StoreFaultCommands() override {
    ::unsetenv("TABREF_LOCK_TIMEOUT_MS");
    fs::remove_all(dir_);
  }

  Result Tabref(std::vector<std::string> args) const {
    args.push_back("--db");
    args.push_back(db_);
    return RunTabref(args);
  }
  std::string Bytes() const { return cli::ReadAll(db_); }
  void WriteBytes(const std::string& bytes) const {
    std::ofstream(db_, std::ios::binary | std::ios::trunc) << bytes;
  }
  // A database with one Table Fencing game (id 1) with one action, all in the main file.
  void MakeDatabaseWithOneGame() const {
    ASSERT_EQ(Tabref({"game", "new", "--game", "table-fencing", "--players", "Ann,Bob,Cy"}).status,
              0);
    ASSERT_EQ(Tabref({"game", "act", "1", kPenalty}).status, 0);
    data::sqlite::Database db(db_, data::sqlite::OpenMode::kReadWrite);
    db.Exec("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint");
  }
  int Actions() const {
    const auto show = Tabref({"game", "show", "1", "--json"});
    EXPECT_EQ(show.status, 0) << show.err;
    return show.status == 0 ? Json::parse(show.out)["actions"].get<int>() : -1;
  }

  // Every command that reads or writes the store, with arguments that are fine on a sound
  // database holding game 1.
  std::vector<std::vector<std::string>> EveryStoreCommand() const {
    return {{"game", "list"},
            {"game", "show", "1"},
            {"game", "export", "1"},
            {"stats"},
            {"game", "act", "1", kPenalty},
            {"game", "undo", "1"},
            {"game", "correct", "1", "1", kPenalty},
            {"game", "new", "--game", "bocce", "--players", "Ann,Bob"},
            {"game", "import", std::string(TABREF_SOURCE_DIR) + "/data/samples/bocce.json"}};
  }
  void ExpectEveryCommandRefused(const std::string& reason_part) const {
    const std::string before = Bytes();
    for (const auto& command : EveryStoreCommand()) {
      const auto result = Tabref(command);
      EXPECT_EQ(result.status, 1) << command[1] << ": " << result.err;
      EXPECT_TRUE(IsOneLine(result.err)) << result.err;
      EXPECT_NE(result.err.find(reason_part), std::string::npos) << result.err;
      EXPECT_TRUE(result.out.empty()) << result.out;
      EXPECT_EQ(Bytes(), before) << "the file changed after: " << command[1];
    }
  }

  static constexpr const char* kPenalty =
      R"({"type": "penalty", "player": "Ann", "reason": "miscue"})";

  fs::path dir_;
  std::string db_;
};

TEST_F(StoreFaultCommands, ADamagedDatabaseIsRefusedByEveryCommandAndLeftAlone) {
  MakeDatabaseWithOneGame();
  std::string bytes = Bytes();
  ASSERT_GT(bytes.size(), 3 * 4096u);
  for (size_t i = 4096; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(0x5A);
  WriteBytes(bytes);
  ExpectEveryCommandRefused("damaged");
}

TEST_F(StoreFaultCommands, AFileThatIsNotADatabaseIsRefusedByEveryCommandAndLeftAlone) {
  WriteBytes("Table Fencing score sheet, bumper 1\nAnn 12\nBob 7\n" + std::string(4096, ' '));
  ExpectEveryCommandRefused("is not a tabref database");
}

TEST_F(StoreFaultCommands, ADatabaseFromANewerTabrefIsRefusedByEveryCommandAndLeftAlone) {
  MakeDatabaseWithOneGame();
  {
    data::sqlite::Database db(db_, data::sqlite::OpenMode::kReadWrite);
    db.Exec("PRAGMA user_version = 7", "bump the version");
    db.Exec("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint");
  }
  ExpectEveryCommandRefused("schema version 7, newer than this tabref");
}

TEST_F(StoreFaultCommands, AReadOnlyFileCanBeShownButNotChanged) {
  MakeDatabaseWithOneGame();
  fs::permissions(dir_, fs::perms::all);  // the other user may add the -shm and -wal files
  fs::permissions(db_, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string before = Bytes();

  const auto act = RunBinary({"game", "act", "1", kPenalty, "--db", db_}, true);
  EXPECT_EQ(act.status, 1) << act.err;
  EXPECT_TRUE(IsOneLine(act.err)) << act.err;
  EXPECT_NE(act.err.find("the file is read-only"), std::string::npos) << act.err;
  const auto create =
      RunBinary({"game", "new", "--game", "bocce", "--players", "A,B", "--db", db_}, true);
  EXPECT_EQ(create.status, 1) << create.err;
  EXPECT_NE(create.err.find("read-only"), std::string::npos) << create.err;

  const auto show = RunBinary({"game", "show", "1", "--json", "--db", db_}, true);
  ASSERT_EQ(show.status, 0) << show.err;
  EXPECT_EQ(Json::parse(show.out)["actions"], 1);
  EXPECT_EQ(Bytes(), before);
}

TEST_F(StoreFaultCommands, ALockedDatabaseFailsWritesAfterTheWaitAndStillServesReads) {
  MakeDatabaseWithOneGame();
  ::setenv("TABREF_LOCK_TIMEOUT_MS", "100", 1);
  data::sqlite::Database other(db_, data::sqlite::OpenMode::kReadWrite);
  {
    data::sqlite::Transaction lock(other);  // another program is writing
    const auto act = Tabref({"game", "act", "1", kPenalty});
    EXPECT_EQ(act.status, 1);
    EXPECT_TRUE(IsOneLine(act.err)) << act.err;
    EXPECT_NE(act.err.find("locked by another program"), std::string::npos) << act.err;
    EXPECT_EQ(Actions(), 1) << "a reader is not blocked by the writer's lock";
  }
  EXPECT_EQ(Actions(), 1) << "the refused action was not stored";
  EXPECT_EQ(Tabref({"game", "act", "1", kPenalty}).status, 0);
  EXPECT_EQ(Actions(), 2);
}

TEST_F(StoreFaultCommands, AWriteWaitsForALockThatIsReleasedInTime) {
  MakeDatabaseWithOneGame();
  ::setenv("TABREF_LOCK_TIMEOUT_MS", "10000", 1);
  data::sqlite::Database other(db_, data::sqlite::OpenMode::kReadWrite);
  auto lock = std::make_unique<data::sqlite::Transaction>(other);
  std::thread release([&lock] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    lock->Commit();
  });
  const auto act = Tabref({"game", "act", "1", kPenalty});
  release.join();
  EXPECT_EQ(act.status, 0) << act.err;
  EXPECT_EQ(Actions(), 2);
}

TEST_F(StoreFaultCommands, ABadLockTimeoutIsBadUsage) {
  ::setenv("TABREF_LOCK_TIMEOUT_MS", "soon", 1);
  const auto result = Tabref({"game", "list"});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("TABREF_LOCK_TIMEOUT_MS"), std::string::npos) << result.err;
}

TEST_F(StoreFaultCommands, ShowListAndStatsWorkWhileAnotherProcessPlaysTheGame) {
  ASSERT_EQ(Tabref({"game", "new", "--game", "table-fencing", "--players", "Ann,Bob,Cy"}).status,
            0);
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t writer = ::fork();
  if (writer == 0) {
    ::dup2(pipe_fds[1], STDOUT_FILENO);
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    ::execl(TABREF_STORE_WRITER, TABREF_STORE_WRITER, db_.c_str(), "1", "--play",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  FILE* progress = ::fdopen(pipe_fds[0], "r");
  long long entries = 0;
  ASSERT_EQ(std::fscanf(progress, "%lld", &entries), 1) << "the writer did not start playing";

  int previous_journal = 0;
  for (int i = 0; i < 25; ++i) {
    const auto show = Tabref({"game", "show", "1", "--json"});
    ASSERT_EQ(show.status, 0) << show.err;
    const Json state = Json::parse(show.out);
    EXPECT_FALSE(state["status"].get<std::string>().empty());
    const auto list = Tabref({"game", "list", "--json"});
    ASSERT_EQ(list.status, 0) << list.err;
    EXPECT_EQ(Json::parse(list.out).size(), 1u);
    EXPECT_EQ(Json::parse(list.out)[0]["status"].get<std::string>().rfind("cannot", 0),
              std::string::npos);
    const auto stats = Tabref({"stats", "--json"});
    ASSERT_EQ(stats.status, 0) << stats.err;
    const auto exported = Tabref({"game", "export", "1"});
    ASSERT_EQ(exported.status, 0) << exported.err;
    const int journal = static_cast<int>(Json::parse(exported.out)["actions"].size());
    EXPECT_GE(journal + 1, previous_journal) << "only the last action is ever undone";
    previous_journal = journal;
  }
  ::kill(writer, SIGKILL);
  ::waitpid(writer, nullptr, 0);
  while (std::fscanf(progress, "%lld", &entries) == 1) {
  }
  std::fclose(progress);
  EXPECT_GT(entries, 0);
  EXPECT_EQ(Tabref({"game", "show", "1"}).status, 0);
}

}  // namespace
}  // namespace tabref::cli
