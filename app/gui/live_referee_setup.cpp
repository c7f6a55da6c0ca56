#include "app/gui/live_referee_setup.h"

#include "app/referee/registry.h"
#include "vision/pieces/piece_set.h"

namespace tabref::gui {

referee::SimulatedTableSettings GuiSimulatedTable(const std::string& game) {
  referee::SimulatedTableSettings table;
  table.width = 960;
  table.height = 540;
  table.max_shots = 16;
  if (game == "bocce") table.game_options["target"] = 7;
  return table;
}

std::unique_ptr<referee::LiveReferee> MakeGuiLiveReferee(
    const referee::OpenedSource& opened, referee::Scorekeeper& keeper, referee::AskPlayers ask,
    std::optional<calibration::Intrinsics> lens) {
  const std::string& game = keeper.State().game().setup().game;
  referee::LiveRefereeOptions options;
  const bool coins_only = game == "bocce";
  if (opened.simulated != nullptr && !coins_only)
    options.evidence = referee::LiveRefereeOptions::Evidence::kTruth;
  auto detector =
      std::make_shared<vision::PieceDetector>(vision::LoadPieceSet(vision::DefaultPieceSetFile()));
  return std::make_unique<referee::LiveReferee>(
      referee::MakeReferee(keeper.State().game()), std::move(detector), keeper, std::move(ask),
      lens ? lens : opened.source->KnownIntrinsics(), options);
}

}  // namespace tabref::gui
