#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"
#include "rules/core/state.h"
#include "vision/observation/observation.h"

// Hand-built observations for the referee glue's tests: pieces with real footprints.
namespace tabref::referee::testing {

vision::ObservedPiece SuitCoin(int track, const std::string& suit, rules::Vec2 at);
vision::ObservedPiece ValueCoin(int track, const std::string& rank, rules::Vec2 at);
vision::ObservedPiece FaceTile(int track, const std::string& suit, const std::string& rank,
                               rules::Vec2 at, double angle_deg = 0);
vision::ObservedPiece Upright(int track, const std::string& colour, const std::string& size,
                              rules::Vec2 at, double angle_deg = 0);
vision::ObservedPiece Lying(int track, const std::string& colour, const std::string& size,
                            rules::Vec2 at, double apex_deg);

vision::TableObservation Table(std::vector<vision::ObservedPiece> pieces);
// A shot: `moved` in the order the pieces started moving, `touches` as (piece, other) pairs.
vision::ShotObservation Shot(vision::TableObservation before, vision::TableObservation after,
                             std::vector<int> moved,
                             const std::vector<std::pair<int, int>>& touches = {},
                             std::vector<int> left_table = {});

// A fresh game state from its setup JSON ({"game", "players", "options"}).
std::unique_ptr<rules::State> NewGame(const rules::Json& setup);

}  // namespace tabref::referee::testing
