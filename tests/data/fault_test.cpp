// Files the store must refuse with a one-line error, leaving every byte as it was.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
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

TEST_F(StoreFaults, AReadOnlyFileRefusesWritesWithAClearError) {
  const auto id = MakeStoreWithOneGame();
  Checkpoint();
  std::filesystem::permissions(path_, std::filesystem::perms::owner_read |
                                          std::filesystem::perms::group_read |
                                          std::filesystem::perms::others_read);
  if (::access(path_.c_str(), W_OK) == 0) {
    GTEST_SKIP() << "running as root: file permissions do not stop writes";
  }
  const std::string bytes = Bytes();
  try {
    SqliteGameStore store(path_);
    JournalEntry entry;
    entry.action.body = {{"type", "tick"}};
    store.Append(id, entry, {});
    FAIL() << "a read-only file accepted a write";
  } catch (const StoreError& error) {
    ExpectOneLineContaining(error.what(), "read-only");
  }
  EXPECT_EQ(Bytes(), bytes);
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
