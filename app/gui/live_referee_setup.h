#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/referee/live/live_referee.h"
#include "app/referee/live/source_spec.h"

namespace tabref::gui {

// The synthetic table as the GUI plays it for `sim:SEED`: small frames and a short game (a
// bocce game to 7), so that trying the live referee takes a minute, not a match.
referee::SimulatedTableSettings GuiSimulatedTable(const std::string& game);

// The live referee for the game kept by `keeper`, reading frames from `opened` through `lens`
// (nullopt: what the source knows, the synthetic table's; else the focal length is estimated
// from the markers). The camera
// analyzer follows coins only, so on the synthetic table the games with tiles or pyramids
// (Ppolf, Ice Boule) take their pieces from its ground truth. Both GUI workers set up their
// referee here.
std::unique_ptr<referee::LiveReferee> MakeGuiLiveReferee(
    const referee::OpenedSource& opened, referee::Scorekeeper& keeper, referee::AskPlayers ask,
    std::optional<calibration::Intrinsics> lens = std::nullopt);

}  // namespace tabref::gui
