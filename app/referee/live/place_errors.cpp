#include "app/referee/live/place_errors.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "rules/core/geometry.h"

namespace tabref::referee {
namespace {

bool IsPlace(const rules::Json& item) {
  return item.is_object() && item.contains("position") && item["position"].is_array();
}

void CollectPlaces(const rules::Json& action, std::vector<const rules::Json*>& places) {
  if (IsPlace(action)) places.push_back(&action);
  if (action.is_object() || action.is_array()) {
    for (const auto& item : action) CollectPlaces(item, places);
  }
}

}  // namespace

double TurnApartDeg(const rules::Json& place, double a_deg, double b_deg) {
  const double period = place.value("pose", "") == "lying" ? 360 : 90;
  const double apart = std::fmod(std::abs(a_deg - b_deg), period);
  return std::min(apart, period - apart);
}

void PlaceErrors::Add(const PlaceErrors& other) {
  position_mm.insert(position_mm.end(), other.position_mm.begin(), other.position_mm.end());
  upright_turn_deg.insert(upright_turn_deg.end(), other.upright_turn_deg.begin(),
                          other.upright_turn_deg.end());
  lying_turn_deg.insert(lying_turn_deg.end(), other.lying_turn_deg.begin(),
                        other.lying_turn_deg.end());
  unpaired += other.unpaired;
}

void MeasurePlaces(const rules::Json& truth, const rules::Json& live, PlaceErrors& errors) {
  std::vector<const rules::Json*> truth_places;
  std::vector<const rules::Json*> live_places;
  CollectPlaces(truth, truth_places);
  CollectPlaces(live, live_places);
  std::vector<bool> taken(live_places.size(), false);
  for (const rules::Json* place : truth_places) {
    const rules::Vec2 at = rules::PointFromJson(place->at("position"));
    const std::string player = place->value("player", "");
    const std::string pose = place->value("pose", "");
    int nearest = -1;
    double nearest_mm = PlaceErrors::kPairReachMm;
    for (size_t i = 0; i < live_places.size(); ++i) {
      const rules::Json& candidate = *live_places[i];
      if (taken[i] || candidate.value("player", "") != player ||
          candidate.value("pose", "") != pose)
        continue;
      const double mm = rules::Distance(rules::PointFromJson(candidate.at("position")), at);
      if (mm < nearest_mm) {
        nearest_mm = mm;
        nearest = static_cast<int>(i);
      }
    }
    if (nearest < 0) {
      ++errors.unpaired;
      continue;
    }
    taken[static_cast<size_t>(nearest)] = true;
    errors.position_mm.push_back(nearest_mm);
    const rules::Json& seen = *live_places[static_cast<size_t>(nearest)];
    if (!place->contains("angle_deg") || !seen.contains("angle_deg")) continue;
    const double truth_deg = place->at("angle_deg").get<double>();
    const double seen_deg = seen.at("angle_deg").get<double>();
    const double apart = TurnApartDeg(*place, truth_deg, seen_deg);
    if (pose == "upright") errors.upright_turn_deg.push_back(apart);
    if (pose == "lying") errors.lying_turn_deg.push_back(apart);
  }
}

}  // namespace tabref::referee
