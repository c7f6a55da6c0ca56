#include "rules/core/rule_error.h"
#include "rules/ppolf/options.h"
#include "rules/ppolf/ppolf.h"
#include "rules/ppolf/state.h"

namespace tabref::rules::ppolf {
namespace {

constexpr int kMinPlayers = 1;   // one player plays the solitaire variant against par
constexpr int kMaxPlayers = 10;  // one coin face each: the four suits and six values

class PpolfGame : public Game {
 public:
  PpolfGame(GameSetup setup, Options options)
      : Game(std::move(setup)), options_(std::move(options)) {}

  std::unique_ptr<State> NewInitialState() const override {
    return std::make_unique<PpolfState>(shared_from_this(), options_);
  }
  Json ResolvedOptions() const override { return options_.ToJson(); }

 private:
  Options options_;
};

}  // namespace

GameType GameTypeInfo() {
  GameType type;
  type.name = "ppolf";
  type.title = "Ppolf";
  type.description =
      "Piecepack coin-flicking disc golf: hit 18 tile holes in order in the fewest flicks";
  type.min_players = kMinPlayers;
  type.max_players = kMaxPlayers;
  type.camera_refereed = true;
  type.uses_teams = false;
  type.default_options = Options{}.ToJson();
  type.make = MakeGame;
  return type;
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  setup.CheckPlayers(kMinPlayers, kMaxPlayers);
  if (!setup.teams.empty()) {
    throw RuleError("ppolf is played by individual players, not teams; remove \"teams\"");
  }
  return std::make_shared<PpolfGame>(setup, Options::FromJson(setup.options));
}

}  // namespace tabref::rules::ppolf
