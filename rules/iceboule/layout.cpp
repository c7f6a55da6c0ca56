#include "rules/iceboule/layout.h"

#include <algorithm>

#include "rules/iceboule/seats.h"

namespace tabref::rules::iceboule {
namespace {

Pyramid ReadTarget(FieldReader& shot, const LayoutContext& context) {
  const Json* target_json = shot.Optional("target");
  if (target_json == nullptr) {
    if (!context.last_target) {
      shot.Fail("target", "is missing: the target's position is not known in this end");
    }
    return *context.last_target;
  }
  FieldReader reader(*target_json, "the target of action 'shot'");
  const Pyramid target = ReadPyramid(reader, context.target_size);
  reader.RejectUnknown();
  return target;
}

ShotPiece ReadPiece(const Json& json, size_t number, const LayoutContext& context,
                    const Pyramid& target) {
  FieldReader reader(json, "piece " + std::to_string(number) + " of action 'shot'");
  ShotPiece piece;
  piece.owner = ReadSeat(reader, "player", context.players);
  if (!reader.Bool("off_table", false)) {
    piece.on_table = ReadPyramid(reader, context.sizes[static_cast<size_t>(piece.owner)]);
    piece.touching_target = reader.Bool("touching_target", false);
    piece.stacked_on_target = reader.Bool("stacked_on_target", false);
  }
  reader.RejectUnknown();
  if (piece.stacked_on_target && piece.on_table->pose == Pose::kLying) {
    reader.Fail("stacked_on_target",
                "needs an upright piece: a fallen stack counts as touching_target");
  }
  if (piece.stacked_on_target && target.pose == Pose::kLying) {
    reader.Fail("stacked_on_target", "is impossible while the target lies on its side");
  }
  return piece;
}

}  // namespace

int Layout::CountOf(int seat) const {
  return static_cast<int>(std::count_if(pieces.begin(), pieces.end(),
                                        [seat](const ShotPiece& p) { return p.owner == seat; }));
}

Json Layout::ToJson(const std::vector<std::string>& players) const {
  Json target_json = Json::object();
  WritePyramid(target, target_json);
  Json pieces_json = Json::array();
  for (const ShotPiece& piece : pieces) {
    Json piece_json = {{"player", players[static_cast<size_t>(piece.owner)]}};
    if (piece.on_table) {
      WritePyramid(*piece.on_table, piece_json);
      if (piece.touching_target) piece_json["touching_target"] = true;
      if (piece.stacked_on_target) piece_json["stacked_on_target"] = true;
    } else {
      piece_json["off_table"] = true;
    }
    pieces_json.push_back(piece_json);
  }
  return {{"target", target_json}, {"pieces", pieces_json}};
}

Layout ReadLayout(FieldReader& shot, const LayoutContext& context) {
  Layout layout;
  layout.target = ReadTarget(shot, context);
  const Json& pieces = shot.Required("pieces");
  if (!pieces.is_array()) shot.Fail("pieces", "must be a list of the pieces shot this end");
  for (size_t i = 0; i < pieces.size(); ++i) {
    layout.pieces.push_back(ReadPiece(pieces[i], i + 1, context, layout.target));
  }
  const auto stacked = std::count_if(layout.pieces.begin(), layout.pieces.end(),
                                     [](const ShotPiece& p) { return p.stacked_on_target; });
  if (stacked > 1)
    shot.Fail("pieces", "hold two pieces stacked on the target; only one fits on top of it");
  return layout;
}

}  // namespace tabref::rules::iceboule
