// `tabref game ...` and `tabref stats` against a temporary database file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "app/cli/cli.h"
#include "rules/core/json.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

using rules::Json;

class GameCommands : public ::testing::Test {
 protected:
  GameCommands() {
    char pattern[] = "/tmp/tabref_cli_XXXXXX";
    dir_ = ::mkdtemp(pattern);
    db_ = (dir_ / "games.sqlite").string();
  }
  ~GameCommands() override { std::filesystem::remove_all(dir_); }

  Result Tabref(std::vector<std::string> args) const {
    args.push_back("--db");
    args.push_back(db_);
    return RunTabref(args);
  }
  std::string NewBocce() const {
    const auto result = Tabref({"game", "new", "--game", "bocce", "--players", "Ann, Bob"});
    EXPECT_EQ(result.status, 0) << result.err;
    return result.out.substr(0, result.out.find('\n'));
  }
  Json Show(const std::string& id) const {
    const auto result = Tabref({"game", "show", id, "--json"});
    EXPECT_EQ(result.status, 0) << result.err;
    return Json::parse(result.out);
  }
  // The first legal action that needs no measurement, as `game act` takes it.
  std::string ManualAction(const std::string& id) const {
    const Json state = Show(id);
    for (const auto& legal : state["legal_actions"]) {
      if (!legal["needs_measurement"].get<bool>()) return legal["action"].dump();
    }
    ADD_FAILURE() << "no manual action";
    return "{}";
  }
  std::string Bytes(const std::string& path) const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  std::filesystem::path dir_;
  std::string db_;
};

TEST_F(GameCommands, NewActUndoShowPlayAGame) {
  const std::string id = NewBocce();
  EXPECT_EQ(id, "1");
  const auto act = Tabref({"game", "act", id, ManualAction(id)});
  ASSERT_EQ(act.status, 0) << act.err;
  EXPECT_TRUE(IsOneLine(act.out)) << act.out;
  EXPECT_EQ(Show(id)["actions"], 1);
  ASSERT_EQ(Tabref({"game", "undo", id}).status, 0);
  EXPECT_EQ(Show(id)["actions"], 0);
  const auto show = Tabref({"game", "show", id});
  EXPECT_NE(show.out.find("Game #1 Tabletop Bocce"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("Next: "), std::string::npos) << show.out;
}

TEST_F(GameCommands, AnIllegalActionIsRefusedInOneLineAndNotStored) {
  const std::string id = NewBocce();
  const auto before = Show(id);
  const auto act = Tabref({"game", "act", id, R"({"type": "no_such_action"})"});
  EXPECT_EQ(act.status, 1);
  EXPECT_TRUE(IsOneLine(act.err)) << act.err;
  EXPECT_EQ(Show(id), before);
  EXPECT_EQ(Tabref({"game", "act", id, "{not json"}).status, 2);
  EXPECT_EQ(Tabref({"game", "act", "x1", "{}"}).status, 2);
  EXPECT_EQ(Tabref({"game", "act", "99", ManualAction(id)}).status, 1);
}

TEST_F(GameCommands, NewRefusesUnknownGamesPlayersAndOptions) {
  EXPECT_EQ(Tabref({"game", "new", "--game", "chess", "--players", "Ann,Bob"}).status, 1);
  EXPECT_EQ(Tabref({"game", "new", "--game", "bocce", "--players", "Ann,,Bob"}).status, 2);
  EXPECT_EQ(Tabref({"game", "new", "--game", "bocce", "--players", "Ann,Bob", "--option", "nope=1"})
                .status,
            1);
  EXPECT_EQ(Tabref({"game", "new", "--game", "bocce"}).status, 2);
  EXPECT_EQ(Tabref({"game", "list"}).out, "No games yet; start one with 'tabref game new'.\n");
}

TEST_F(GameCommands, ListShowsFinishedAndUnfinishedGames) {
  const std::string playing = NewBocce();
  const auto imported =
      Tabref({"game", "import", std::string(TABREF_SOURCE_DIR) + "/data/samples/card-golf.json"});
  ASSERT_EQ(imported.status, 0) << imported.err;
  const auto list = Tabref({"game", "list"});
  EXPECT_NE(list.out.find("#2  card-golf"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("finished:"), std::string::npos) << list.out;
  const auto unfinished = Tabref({"game", "list", "--unfinished", "--json"});
  const auto games = Json::parse(unfinished.out);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["id"], 1);
}

TEST_F(GameCommands, ExportAndImportRoundTripAndCsv) {
  const auto sample = std::string(TABREF_SOURCE_DIR) + "/data/samples/bocce.json";
  const auto id = Tabref({"game", "import", sample}).out;
  const std::string log_path = (dir_ / "export.json").string();
  ASSERT_EQ(Tabref({"game", "export", "1", "--out", log_path}).status, 0);
  std::ifstream in(sample);
  EXPECT_EQ(Json::parse(Bytes(log_path))["actions"], Json::parse(in)["actions"]);
  EXPECT_EQ(Tabref({"game", "import", log_path}).out, "2\n");
  const auto csv = Tabref({"game", "export", "2", "--csv"});
  ASSERT_EQ(csv.status, 0);
  EXPECT_NE(csv.out.find("\r\n"), std::string::npos);
  EXPECT_EQ(Json::parse(Tabref({"game", "show", "2", "--json"}).out)["terminal"], true);
}

TEST_F(GameCommands, ExportReplacesAFileWholeOrLeavesItAlone) {
  ASSERT_EQ(Tabref({"game", "import", std::string(TABREF_SOURCE_DIR) + "/data/samples/ppolf.json"})
                .status,
            0);
  const std::string path = (dir_ / "scores.csv").string();
  std::ofstream(path) << std::string(100000, 'x');  // an older, longer file
  ASSERT_EQ(Tabref({"game", "export", "1", "--csv", "--out", path}).status, 0);
  EXPECT_EQ(Bytes(path), Tabref({"game", "export", "1", "--csv"}).out);
  const auto unknown = Tabref({"game", "export", "7", "--out", path});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(IsOneLine(unknown.err)) << unknown.err;
  EXPECT_EQ(Bytes(path), Tabref({"game", "export", "1", "--csv"}).out) << "a failed export wrote";
  const auto into_folder = Tabref({"game", "export", "1", "--out", dir_.string()});
  EXPECT_EQ(into_folder.status, 1);
  EXPECT_TRUE(IsOneLine(into_folder.err)) << into_folder.err;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "scores.csv" || name.rfind("games.sqlite", 0) == 0)
        << name << " is left behind";
  }
}

TEST_F(GameCommands, ABadImportNamesTheProblemAndStoresNothing) {
  const std::string bad = (dir_ / "bad.json").string();
  std::ofstream(bad) << R"({"game": "bocce", "players": ["Ann", "Bob"], "actions": [{"type": 3}]})";
  const auto result = Tabref({"game", "import", bad});
  EXPECT_EQ(result.status, 1);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_NE(result.err.find("action 1 is malformed"), std::string::npos) << result.err;
  EXPECT_EQ(Tabref({"game", "list", "--json"}).out, "[]\n");
}

TEST_F(GameCommands, AFileThatIsNotADatabaseIsLeftUntouched) {
  const std::string notes = "my shopping list: chocolate, golf balls, a yo-yo\n";
  std::ofstream(db_) << notes << std::string(5000, '.');
  const std::string before = Bytes(db_);
  const auto result = Tabref({"game", "list"});
  EXPECT_EQ(result.status, 1);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_EQ(Bytes(db_), before);
  EXPECT_EQ(Tabref({"game", "new", "--game", "bocce", "--players", "Ann,Bob"}).status, 1);
  EXPECT_EQ(Bytes(db_), before);
}

TEST_F(GameCommands, AFolderOrAMissingFileIsNoDatabase) {
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"game", "list"},
        {"game", "show", "1"},
        {"stats"},
        {"game", "new", "--game", "bocce", "--players", "Ann,Bob"}}) {
    std::vector<std::string> args = command;
    args.insert(args.end(), {"--db", dir_.string()});
    const Result result = RunTabref(args);
    EXPECT_EQ(result.status, 1) << command[0];
    EXPECT_NE(result.err.find("is a folder, not a database file"), std::string::npos) << result.err;
  }
  const auto missing = Tabref({"game", "show", "1"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("there is no database"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(db_)) << "a read command created the database";
}

TEST_F(GameCommands, StatsCountGamesPlayedAndWon) {
  ASSERT_EQ(
      Tabref({"game", "import", std::string(TABREF_SOURCE_DIR) + "/data/samples/card-golf.json"})
          .status,
      0);
  const auto stats = Tabref({"stats", "--json"});
  ASSERT_EQ(stats.status, 0) << stats.err;
  const auto players = Json::parse(stats.out);
  ASSERT_FALSE(players.empty());
  int won = 0;
  for (const auto& player : players) {
    EXPECT_EQ(player["games"]["card-golf"]["played"], 1);
    won += player["games"]["card-golf"]["won"].get<int>();
  }
  EXPECT_GE(won, 1);
  EXPECT_EQ(Tabref({"stats", "--player", "Nobody"}).status, 1);
}

// Without --db the store lives in the XDG data directory, and a bare `tabref` lists the
// unfinished games there to continue.
TEST_F(GameCommands, TheDefaultDatabaseIsInTheXdgDataDirAndBareTabrefOffersToContinue) {
  const std::string data_home = (dir_ / "xdg").string();
  ::setenv("XDG_DATA_HOME", data_home.c_str(), 1);
  const auto run = RunTabref;
  EXPECT_EQ(run({"game", "list"}).out, "No games yet; start one with 'tabref game new'.\n");
  EXPECT_FALSE(std::filesystem::exists(data_home)) << "reading must not create the database";
  ASSERT_EQ(run({"game", "new", "--game", "card-golf", "--players", "Ann,Bob"}).out, "1\n");
  ASSERT_EQ(run({"game", "new", "--game", "card-golf", "--players", "Cy,Dee"}).out, "2\n");
  EXPECT_TRUE(std::filesystem::exists(data_home + "/tabref/tabref.sqlite"));
  const auto bare = run({});
  ::unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(bare.status, 2);
  EXPECT_NE(bare.err.find("Unfinished games"), std::string::npos) << bare.err;
  EXPECT_NE(bare.err.find("#1 card-golf (Ann and Bob): in play: "), std::string::npos) << bare.err;
  EXPECT_NE(bare.err.find("#2 card-golf (Cy and Dee)"), std::string::npos) << bare.err;
}

TEST_F(GameCommands, GameAloneListsItsCommands) {
  const Result result = RunTabref({"game"});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("game act"), std::string::npos);
}

}  // namespace
}  // namespace tabref::cli
