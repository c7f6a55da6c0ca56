#pragma once

#include <vector>

#include "rules/core/state.h"
#include "rules/iceboule/layout.h"

// Plausible random observations for RandomAction (the playouts and the simulator).
namespace tabref::rules::iceboule {

bool Chance(Rng& rng, double probability);

// How well a random player shoots.
struct Skill {
  double spread_mm = 30.0;      // mean gap to the target of an ordinary shot
  double contact_chance = 0.1;  // chance to end touching (or on top of) the target
};

// Seat 0 shoots best and later seats ever worse, so that random games have a clear
// favourite who scores big ends and wins quickly.
Skill SkillOfSeat(int seat);

// A target stood upright somewhere on the table.
Pyramid RandomTarget(Rng& rng, PieceSize size);

// The table after `shooter` centrifices one more piece of `size` onto `before`. The piece
// lands at a random gap, sometimes touching or on top of the target, level with the best
// rival piece (a close call) or off the table; now and then it knocks a piece that was
// already there.
Layout RandomShot(Rng& rng, Layout before, int shooter, PieceSize size);

// A fresh observation of a whole end: `shots` pieces per seat around a random target.
Layout RandomLayout(Rng& rng, PieceSize target_size, const std::vector<int>& shots,
                    const std::vector<PieceSize>& sizes);

}  // namespace tabref::rules::iceboule
