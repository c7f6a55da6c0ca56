#include "app/cli/cli.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/core/json.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

std::string Sample(const std::string& game) {
  return std::string(TABREF_SOURCE_DIR) + "/data/samples/" + game + ".json";
}

// A file of CONTENTS in the temporary folder, removed when it goes out of scope.
class TempFile {
 public:
  explicit TempFile(const std::string& contents)
      : path_(UniqueTempPath("tabref_cli_test").replace_extension(".json")) {
    std::ofstream(path_) << contents;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(Cli, WithoutACommandPrintsTheOverviewAsUsageError) {
  const Result result = RunTabref({});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("usage: tabref COMMAND"), std::string::npos);
}

TEST(Cli, UnknownCommandIsBadUsage) {
  const Result result = RunTabref({"referee-all-the-things"});
  EXPECT_EQ(result.status, 2);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
}

TEST(Cli, EveryCommandHasHelp) {
  const std::vector<std::vector<std::string>> commands = {
      {"games"},          {"replay"},         {"score"},        {"demo"},
      {"simulate"},       {"stats"},          {"game", "new"},  {"game", "act"},
      {"game", "undo"},   {"game", "show"},   {"game", "list"}, {"game", "export"},
      {"game", "import"}, {"game", "correct"}};
  for (auto command : commands) {
    std::string name = command[0] + (command.size() > 1 ? " " + command[1] : "");
    command.emplace_back("--help");
    const Result result = RunTabref(command);
    EXPECT_EQ(result.status, 0) << name << ": " << result.err;
    EXPECT_NE(result.out.find("usage: tabref " + name), std::string::npos) << result.out;
  }
}

TEST(Cli, GamesListsAllFive) {
  const Result result = RunTabref({"games"});
  ASSERT_EQ(result.status, 0);
  for (const std::string name : {"ppolf", "bocce", "iceboule", "card-golf", "table-fencing"}) {
    EXPECT_NE(result.out.find(name), std::string::npos) << name;
  }
  const Result json = RunTabref({"games", "--json"});
  ASSERT_EQ(json.status, 0);
  EXPECT_EQ(rules::Json::parse(json.out).size(), 5u);
}

TEST(Cli, ReplayPrintsScorecardAndWinnerOfEverySample) {
  for (const std::string game : {"ppolf", "bocce", "iceboule", "card-golf", "table-fencing"}) {
    const Result result = RunTabref({"replay", Sample(game)});
    EXPECT_EQ(result.status, 0) << game << ": " << result.err;
    EXPECT_NE(result.out.find("Game over. Winner:"), std::string::npos) << result.out;
  }
}

TEST(Cli, ReplayJsonHasTheStateFields) {
  const Result result = RunTabref({"replay", Sample("bocce"), "--json"});
  ASSERT_EQ(result.status, 0) << result.err;
  const auto json = rules::Json::parse(result.out);
  for (const char* key :
       {"game", "players", "to_act", "status", "terminal", "winners", "scorecard"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_TRUE(json["terminal"].get<bool>());
}

TEST(Cli, ReplayOfAMissingFileFailsWithOneLine) {
  const Result result = RunTabref({"replay", "/nonexistent/game.json"});
  EXPECT_EQ(result.status, 1);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_NE(result.err.find("cannot read /nonexistent/game.json"), std::string::npos);
}

TEST(Cli, ReplayOfInvalidJsonNamesTheLine) {
  TempFile file("{\n  \"game\": \"bocce\",\n  oops\n}");
  const Result result = RunTabref({"replay", file.path()});
  EXPECT_EQ(result.status, 1);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_NE(result.err.find("is not valid JSON (line 3"), std::string::npos) << result.err;
}

TEST(Cli, ReplayNamesTheFirstActionTheRulesRefuse) {
  TempFile file(R"({"game": "card-golf", "players": ["Ann", "Bob"],
                    "actions": [{"type": "no_such_action"}]})");
  const Result result = RunTabref({"replay", file.path()});
  EXPECT_EQ(result.status, 1);
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_NE(result.err.find("action 1 (no_such_action) is not allowed"), std::string::npos)
      << result.err;
}

TEST(Cli, ReplayRefusesUnknownGamesAndOptions) {
  TempFile file(R"({"game": "chess", "players": ["Ann", "Bob"], "actions": []})");
  EXPECT_EQ(RunTabref({"replay", file.path()}).status, 1);
  EXPECT_EQ(RunTabref({"replay", Sample("bocce"), "--colour"}).status, 2);
  EXPECT_EQ(RunTabref({"replay"}).status, 2);
  EXPECT_EQ(RunTabref({"replay", "a.json", "b.json"}).status, 2);
}

TEST(Cli, ScoresTheRulebookExample) {
  const Result result =
      RunTabref({"score", "card-golf", "--field", "A K J J Q 9", "--hand", "4 7 7 9 A"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("Total: 18"), std::string::npos) << result.out;
  const Result json =
      RunTabref({"score", "card-golf", "--field=A K J J Q 9", "--hand=4 7 7 9 A", "--json"});
  ASSERT_EQ(json.status, 0);
  EXPECT_EQ(rules::Json::parse(json.out)["total"], 18);
}

TEST(Cli, ScoreRefusesBadCardsAndCounts) {
  EXPECT_EQ(
      RunTabref({"score", "card-golf", "--field", "A K J J Q X", "--hand", "4 7 7 9 A"}).status, 1);
  EXPECT_EQ(RunTabref({"score", "card-golf", "--field", "A K J", "--hand", "4 7 7 9 A"}).status, 1);
  EXPECT_EQ(RunTabref({"score", "card-golf", "--field", "A K J J Q 9"}).status, 2);
  EXPECT_EQ(RunTabref({"score", "bocce", "--field", "A", "--hand", "4"}).status, 2);
}

TEST(Cli, DemoPlaysOneSampleToTheEnd) {
  const Result result = RunTabref({"demo", "--game", "card-golf"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("Game over. Winner:"), std::string::npos);
  EXPECT_EQ(RunTabref({"demo", "--game", "chess"}).status, 1);
  EXPECT_EQ(RunTabref({"demo", "--delay", "soon"}).status, 2);
}

TEST(Cli, SimulateWritesAStillWithItsTruthAndCamera) {
  const auto out = UniqueTempPath("tabref_sim");
  const Result result = RunTabref({"simulate", "--game", "scene", "--seed", "5", "--out",
                                   out.string(), "--width", "640", "--height", "480", "--still"});
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(out / "still.png"));
  EXPECT_TRUE(std::filesystem::exists(out / "truth.json"));
  EXPECT_TRUE(std::filesystem::exists(out / "camera.yml"));
  std::filesystem::remove_all(out);
}

TEST(Cli, SimulateRefusesBadOptionsBeforeWritingAnything) {
  const auto out = std::filesystem::temp_directory_path() / "tabref_sim_refused";
  EXPECT_EQ(RunTabref({"simulate", "--game", "chess", "--out", out.string()}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--game", "scene"}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--out", out.string(), "--width", "wide"}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--out", out.string(), "--width", "100000"}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--out", out.string(), "--players", "Ann,Bob"}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--game", "bocce", "--out", out.string(), "--still"}).status, 2);
  EXPECT_EQ(RunTabref({"simulate", "--out", out.string(), "--no-tidying-hand"}).status, 2);
  EXPECT_EQ(
      RunTabref({"simulate", "--game", "bocce", "--out", out.string(), "--players", "Ann"}).status,
      2);
  EXPECT_EQ(
      RunTabref({"simulate", "--game", "bocce", "--out", out.string(), "--target", "3"}).status, 2);
  EXPECT_EQ(
      RunTabref({"simulate", "--game", "ppolf", "--out", out.string(), "--holes", "19"}).status, 2);
  const Result bad_binding = RunTabref({"simulate", "--game", "iceboule", "--out", out.string(),
                                        "--binding", "/nonexistent/binding.json"});
  EXPECT_EQ(bad_binding.status, 1);
  EXPECT_TRUE(IsOneLine(bad_binding.err)) << bad_binding.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

// A game on the synthetic table, physics only: its log replays to its truth scorecard.
TEST(Cli, SimulateAGameWritesALogThatReplaysToTheTruthScorecard) {
  const auto out = UniqueTempPath("tabref_sim_game");
  const Result result =
      RunTabref({"simulate", "--game", "bocce", "--seed", "3", "--out", out.string(), "--no-render",
                 "--fps", "10", "--max-shots", "12", "--players", "Ann,Bob,Cid,Dee"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(IsOneLine(result.out)) << result.out;
  EXPECT_EQ(result.out.rfind("bocce seed 3: stopped after 12 shots (shot limit); 12 shots", 0), 0u)
      << result.out;
  for (const char* file : {"truth.json", "camera.yml", "game_log.json", "truth_scorecard.json"})
    EXPECT_TRUE(std::filesystem::exists(out / file)) << file;
  EXPECT_FALSE(std::filesystem::exists(out / "video.avi"));
  const Result replay = RunTabref({"replay", (out / "game_log.json").string(), "--json"});
  ASSERT_EQ(replay.status, 0) << replay.err;
  std::ifstream truth(out / "truth_scorecard.json");
  const std::string written((std::istreambuf_iterator<char>(truth)),
                            std::istreambuf_iterator<char>());
  EXPECT_EQ(replay.out, written);
  EXPECT_EQ(rules::Json::parse(written)["options"]["target"], 7);
  std::filesystem::remove_all(out);
}

// The hand takes the pieces up between shots and sets the next down, as a player's does, which
// takes it time; without it (the recordings up to stop 53) pieces vanish and appear at once.
TEST(Cli, SimulateAGamePlaysTheTidyingHandUnlessToldNot) {
  const auto out = UniqueTempPath("tabref_sim_tidy");
  const auto seconds = [&](bool tidying) {
    std::vector<std::string> args = {"simulate", "--game", "iceboule",    "--seed",
                                     "3",        "--out",  out.string(),  "--no-render",
                                     "--fps",    "10",     "--max-shots", "3"};
    if (!tidying) args.push_back("--no-tidying-hand");
    const Result result = RunTabref(args);
    EXPECT_EQ(result.status, 0) << result.err;
    const size_t frames = result.out.find(" frames (");
    return frames == std::string::npos ? 0.0 : std::stod(result.out.substr(frames + 9));
  };
  const double tidying_s = seconds(true);
  const double vanishing_s = seconds(false);
  EXPECT_GT(vanishing_s, 0);
  EXPECT_GT(tidying_s, vanishing_s + 1);
  std::filesystem::remove_all(out);
}

// The real executable: exit statuses and one-line errors on stderr, stdout untouched.
TEST(CliBinary, ExitStatusesFollowTheContract) {
  auto status_of = [](const std::string& arguments) {
    const std::string command = std::string(TABREF_BINARY) + " " + arguments + " >/dev/null 2>&1";
    const int raw = std::system(command.c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  };
  EXPECT_EQ(status_of("games"), 0);
  EXPECT_EQ(status_of("replay /nonexistent.json"), 1);
  EXPECT_EQ(status_of("replay --bogus"), 2);
}

}  // namespace
}  // namespace tabref::cli
