#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/core/field_reader.h"
#include "rules/core/json.h"
#include "rules/iceboule/pyramid.h"

namespace tabref::rules::iceboule {

// A projectile that has been shot this end. Pieces knocked away stay in play.
struct ShotPiece {
  int owner = 0;
  // Where it lies; empty once it has left the table (it can no longer score).
  std::optional<Pyramid> on_table;
  // Vision reports contact with the target.
  bool touching_target = false;
  // Stacked on top of the target with the stack still standing upright.
  bool stacked_on_target = false;

  bool operator==(const ShotPiece&) const = default;
};

// The table after a shot: the target and every piece shot so far this end.
struct Layout {
  Pyramid target;
  std::vector<ShotPiece> pieces;

  int CountOf(int seat) const;
  Json ToJson(const std::vector<std::string>& players) const;
};

// What an observed layout is read against: who plays which piece size, and where the
// target was last seen (a shot that does not report the target leaves it there).
struct LayoutContext {
  const std::vector<std::string>& players;
  const std::vector<PieceSize>& sizes;
  PieceSize target_size;
  std::optional<Pyramid> last_target;
};

// Reads the "pieces" (and optional "target") fields of a measured shot.
Layout ReadLayout(FieldReader& shot, const LayoutContext& context);

}  // namespace tabref::rules::iceboule
