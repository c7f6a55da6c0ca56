// Every sample log under data/samples/ is a finished game that the engines replay.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "rules/registry.h"

namespace tabref::rules {
namespace {

std::vector<std::filesystem::path> SampleLogs() {
  std::vector<std::filesystem::path> logs;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(TABREF_SOURCE_DIR) / "data" / "samples")) {
    if (entry.path().extension() == ".json") logs.push_back(entry.path());
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

TEST(Samples, EveryGameHasASampleLog) {
  std::set<std::string> games;
  for (const auto& path : SampleLogs()) {
    std::ifstream in(path);
    games.insert(Json::parse(in).at("game").get<std::string>());
  }
  for (const auto& type : RegisteredGames()) {
    EXPECT_TRUE(games.count(type.name)) << "no sample log for " << type.name;
  }
}

TEST(Samples, EverySampleReplaysToAFinishedGame) {
  for (const auto& path : SampleLogs()) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path);
    const Json log = Json::parse(in);
    const auto state = ReplayLog(log);
    EXPECT_TRUE(state->IsTerminal()) << state->StatusLine();
    EXPECT_FALSE(state->Winners().empty());
    EXPECT_EQ(state->ToLogJson()["actions"], log["actions"]);
  }
}

}  // namespace
}  // namespace tabref::rules
