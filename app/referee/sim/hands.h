#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/referee/piece_matcher.h"
#include "rules/core/geometry.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/physics.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

// What the simulated players' hands share between games: looks for the identities a binding
// names, the speed a flick or a hop needs, human aim noise and free spots on the table.
namespace tabref::referee {

// Looks a camera would identify as `matchers`, one physical piece each: the fields a
// matcher leaves open (a coin's hidden face) are chosen so that no coin or tile of the set
// is used twice (a one-to-one matching of identities to the set's pieces). Pyramids need a
// colour and a size; a stash holds several alike. Throws std::invalid_argument when the set
// has too few pieces.
std::vector<vision::sim::PieceLook> LooksFor(const std::vector<PieceMatcher>& matchers,
                                             const vision::PieceSet& set);

// The speed that makes `body` slide `distance_mm` on the table before friction stops it.
double SlideSpeed(const vision::sim::Body& body, double distance_mm,
                  const vision::sim::PhysicsOptions& physics);
// The horizontal speed of a centrifice with upward speed `climb` that lands `body` (now
// `height_mm` above the table) and lets it slide to rest `distance_mm` away.
double HopSpeed(const vision::sim::Body& body, double distance_mm, double climb, double height_mm,
                const vision::sim::PhysicsOptions& physics);

cv::Vec2d Direction(double heading);
double HeadingTo(const cv::Vec2d& from, const cv::Vec2d& to);
double Gaussian(double sigma, vision::sim::Rng& rng);

// True when `body`, moved to `position`, keeps `clearance_mm` from every piece on the table
// but itself and those in `ignore`.
bool FreeAt(const vision::sim::World& world, int body, const cv::Vec2d& position,
            double clearance_mm, const std::vector<int>& ignore = {});
// The free spot nearest to `wanted` (searched outward in rings of `step_mm`), inside `area`.
std::optional<cv::Vec2d> NearestFreeSpot(const vision::sim::World& world, int body,
                                         const cv::Vec2d& wanted, const cv::Rect2d& area,
                                         double clearance_mm, double step_mm = 3);

// Bodies of `looks` accepted by `accepts`.
template <typename Predicate>
std::vector<int> BodiesWhere(const std::vector<vision::sim::PieceLook>& looks, Predicate accepts) {
  std::vector<int> found;
  for (size_t i = 0; i < looks.size(); ++i) {
    if (accepts(looks[i])) found.push_back(static_cast<int>(i));
  }
  return found;
}
bool Held(const vision::sim::World& world, int body);
// Takes every body of `bodies` that is not already held into the hand.
void PickUpAll(vision::sim::World& world, const std::vector<int>& bodies);

rules::Vec2 ToRules(const cv::Vec2d& p);
cv::Vec2d ToCv(const rules::Vec2& p);

}  // namespace tabref::referee
