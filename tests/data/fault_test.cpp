// Files the store must refuse with a one-line error, leaving every byte as it was.
#include <grp.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "data/sqlite/database.h"
#include "data/sqlite/statement.h"
#include "data/sqlite/transaction.h"
#include "data/store/sqlite_game_store.h"
#include "data/store/store_error.h"

namespace tabref::data {
namespace {

class StoreFaults : public ::testing::Test {
 protected:
  StoreFaults() {
    char pattern[] = "/tmp/tabref_faults_XXXXXX";
    dir_ = ::mkdtemp(pattern);
    path_ = (dir_ / "games.sqlite").string();
  }
  ~StoreFaults() override {
    std::error_code ignored;  // the file may not exist
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ignored);
    std::filesystem::remove_all(dir_);
  }

  std::string Bytes() const {
    std::ifstream in(path_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  void Write(const std::string& bytes) const {
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
  }
  std::int64_t MakeStoreWithOneGame() const {
    SqliteGameStore store(path_);
    return store.CreateGame({"card-golf", {"Ann", "Bob"}, {}, rules::Json::object()}, {}, {});
  }
  void Checkpoint() const {
    sqlite::Database db(path_, sqlite::OpenMode::kReadWrite);
    db.Exec("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint");
  }
  // Opens the store and returns the one-line error it gives.
  std::string OpenError(const SqliteStoreOptions& options = {}) const {
    try {
      SqliteGameStore store(path_, options);
    } catch (const StoreError& error) {
      return error.what();
    }
    return "";
  }

  std::filesystem::path dir_;
  std::string path_;
};

void ExpectOneLineContaining(const std::string& message, const std::string& part) {
  EXPECT_NE(message.find(part), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST_F(StoreFaults, AFileThatIsNotADatabaseIsRefusedAndLeftAlone) {
  const std::string text = std::string(4096, 'x') + "these are my notes, not a database\n";
  Write(text);
  ExpectOneLineContaining(OpenError(), "is not a tabref database");
  EXPECT_EQ(Bytes(), text);
}

TEST_F(StoreFaults, ADamagedDatabaseIsRefusedAndLeftAlone) {
  MakeStoreWithOneGame();
  Checkpoint();
  std::string bytes = Bytes();
  ASSERT_GT(bytes.size(), 3 * 4096u);
  for (size_t i = 4096; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(0xA5);  // pages 2-3
  Write(bytes);
  ExpectOneLineContaining(OpenError(), "damaged");
  EXPECT_EQ(Bytes(), bytes);
}

TEST_F(StoreFaults, ADatabaseFromANewerTabrefIsRefusedAndLeftAlone) {
  MakeStoreWithOneGame();
  {
    sqlite::Database db(path_, sqlite::OpenMode::kReadWrite);
    db.Exec("PRAGMA user_version = 99", "bump the version");
  }
  Checkpoint();
  const std::string bytes = Bytes();
  ExpectOneLineContaining(OpenError(), "schema version 99, newer than this tabref");
  EXPECT_EQ(Bytes(), bytes);
}

TEST_F(StoreFaults, ADatabaseOfAnotherProgramIsRefusedAndLeftAlone) {
  {
    sqlite::Database db(path_, sqlite::OpenMode::kReadWrite);
    db.Exec("CREATE TABLE recipes (name TEXT)", "create");
  }
  const std::string bytes = Bytes();
  ExpectOneLineContaining(OpenError(), "tables that are not tabref's");
  EXPECT_EQ(Bytes(), bytes);
}

// Runs `body` in a child process and returns the text it returns. File permissions do not
// bind root (CI runs as root), so a root child first becomes the unprivileged user "nobody":
// then a read-only file is read-only for it, as for any user. The child never returns into
// the test (it _exits), so no fixture is torn down twice.
std::string InUnprivilegedChild(const std::function<std::string()>& body) {
  int fds[2];
  if (::pipe(fds) != 0) return "pipe failed";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    std::string result;
    if (::geteuid() == 0) {
      const passwd* nobody = ::getpwnam("nobody");
      const uid_t uid = nobody != nullptr ? nobody->pw_uid : 65534;
      const gid_t gid = nobody != nullptr ? nobody->pw_gid : 65534;
      if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0) {
        result = "could not drop root privileges";
      }
    }
    if (result.empty()) {
      try {
        result = body();
      } catch (const std::exception& error) {
        result = std::string("unexpected exception: ") + error.what();
      }
    }
    const ssize_t written = ::write(fds[1], result.data(), result.size());
    ::_exit(written == static_cast<ssize_t>(result.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string text;
  char buffer[512];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return text;
}

TEST_F(StoreFaults, AReadOnlyFileRefusesWritesWithAClearError) {
  const auto id = MakeStoreWithOneGame();
  Checkpoint();
  namespace fs = std::filesystem;
  fs::permissions(dir_, fs::perms::all);  // the other user may add the -shm and -wal files
  fs::permissions(path_, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string bytes = Bytes();
  const std::string outcome = InUnprivilegedChild([&]() -> std::string {
    if (::access(path_.c_str(), W_OK) == 0) return "the file is writable for the test";
    SqliteGameStore store(path_);
    if (store.Game(id).setup.players.size() != 2) return "the game cannot be read";
    JournalEntry entry;
    entry.action.body = {{"type", "tick"}};
    try {
      store.Append(id, entry, {});
    } catch (const StoreError& error) {
      return error.what();
    }
    return "a read-only file accepted a write";
  });
  ExpectOneLineContaining(outcome, "the file is read-only");
  EXPECT_EQ(Bytes(), bytes);
  SqliteGameStore owner(path_, {.busy_timeout_ms = 5000, .read_only = true});
  EXPECT_TRUE(owner.Journal(id).empty());
}

TEST_F(StoreFaults, AReadOnlyOpenRefusesWritesWithAClearError) {
  const auto id = MakeStoreWithOneGame();
  SqliteStoreOptions options;
  options.read_only = true;
  SqliteGameStore store(path_, options);
  EXPECT_EQ(store.Game(id).setup.players.size(), 2u);
  JournalEntry entry;
  entry.action.body = {{"type", "tick"}};
  try {
    store.Append(id, entry, {});
    FAIL() << "a read-only store accepted a write";
  } catch (const StoreError& error) {
    ExpectOneLineContaining(error.what(), "read-only");
  }
  EXPECT_TRUE(store.Journal(id).empty());
}

TEST_F(StoreFaults, ALockedDatabaseFailsTheWriteAfterTheTimeoutAndStoresNothing) {
  const auto id = MakeStoreWithOneGame();
  SqliteStoreOptions options;
  options.busy_timeout_ms = 50;
  SqliteGameStore store(path_, options);
  sqlite::Database other(path_, sqlite::OpenMode::kReadWrite);
  {
    sqlite::Transaction lock(other);  // another program holds the write lock
    JournalEntry entry;
    entry.action.body = {{"type", "tick"}};
    try {
      store.Append(id, entry, {});
      FAIL() << "wrote through another program's lock";
    } catch (const StoreError& error) {
      ExpectOneLineContaining(error.what(), "locked by another program");
    }
  }
  EXPECT_TRUE(store.Journal(id).empty());
}

TEST_F(StoreFaults, AMissingFolderIsAClearError) {
  try {
    SqliteGameStore store((dir_ / "no" / "such" / "folder" / "games.sqlite").string());
    FAIL();
  } catch (const StoreError& error) {
    ExpectOneLineContaining(error.what(), "cannot open the file");
  }
}

}  // namespace
}  // namespace tabref::data
