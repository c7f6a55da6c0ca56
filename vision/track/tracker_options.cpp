#include "vision/track/tracker_options.h"

#include <stdexcept>
#include <string>

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok)
    throw std::invalid_argument(std::string("TrackerOptions.") + field + " must be " + range);
}

}  // namespace

void TrackerOptions::Check() const {
  Require(start_mm > 0 && start_mm <= 50, "start_mm", "in (0, 50]");
  Require(rest_step_mm > 0 && rest_step_mm < start_mm, "rest_step_mm", "in (0, start_mm)");
  Require(rest_frames >= 1 && rest_frames <= 100, "rest_frames", "in 1..100");
  Require(settle_frames >= 1 && settle_frames <= 100, "settle_frames", "in 1..100");
  Require(refresh_s > 0 && refresh_s <= 600, "refresh_s", "in (0, 600]");
  Require(rest_gate_mm > 0 && rest_gate_mm <= 100, "rest_gate_mm", "in (0, 100]");
  Require(moving_gate_mm > 0 && moving_gate_mm <= 500, "moving_gate_mm", "in (0, 500]");
  Require(reacquire_mm >= rest_gate_mm && reacquire_mm <= 2000, "reacquire_mm",
          "in rest_gate_mm..2000");
  Require(vacated_speed_mm_s >= 0, "vacated_speed_mm_s", "at least 0");
  Require(lost_frames >= 1 && lost_frames <= 100, "lost_frames", "in 1..100");
  Require(edge_band_mm >= 0 && edge_band_mm <= 500, "edge_band_mm", "in 0..500");
  Require(lost_looks >= 0 && lost_looks <= 100, "lost_looks", "in 0..100");
  Require(flight_s >= 0 && flight_s <= 10, "flight_s", "in 0..10");
  Require(still_blur_mm >= 0 && still_blur_mm <= 100, "still_blur_mm", "in 0..100");
  Require(flick_speed_mm_s >= 0, "flick_speed_mm_s", "at least 0");
  Require(taken_clear_of_hand_mm >= 0, "taken_clear_of_hand_mm", "at least 0");
  Require(hand_touch_mm >= 0 && hand_touch_mm <= 50, "hand_touch_mm", "in 0..50");
  Require(clear_of_hand_mm >= 0 && clear_of_hand_mm <= 1000, "clear_of_hand_mm", "in 0..1000");
  Require(hand_reach_mm >= 0 && hand_reach_mm <= 2000, "hand_reach_mm", "in 0..2000");
  Require(rest_clear_of_hand_mm >= 0 && rest_clear_of_hand_mm <= 2000, "rest_clear_of_hand_mm",
          "in 0..2000");
  Require(hurl_speed_mm_s >= 0, "hurl_speed_mm_s", "at least 0");
  Require(flight_mm >= 0 && flight_mm <= 2000, "flight_mm", "in 0..2000");
  Require(touch_mm >= 0 && touch_mm <= 50, "touch_mm", "in 0..50");
  Require(graze_mm >= 0 && graze_mm <= touch_mm, "graze_mm", "in 0..touch_mm");
  Require(kink_deg > 0 && kink_deg < 180, "kink_deg", "in (0, 180)");
  Require(kink_speed_share > 0 && kink_speed_share < 10, "kink_speed_share", "in (0, 10)");
  Require(kink_min_speed_mm_s >= 0, "kink_min_speed_mm_s", "at least 0");
  Require(kink_min_step_sigmas >= 0, "kink_min_step_sigmas", "at least 0");
  Require(push_reach_mm > 0 && push_reach_mm <= 500, "push_reach_mm", "in (0, 500]");
  Require(push_min_hand_mm2 >= 0, "push_min_hand_mm2", "at least 0");
  Require(push_min_offset_mm > 0 && push_min_offset_mm < push_reach_mm, "push_min_offset_mm",
          "in (0, push_reach_mm)");
  Require(bounce_restitution >= 0 && bounce_restitution <= 1, "bounce_restitution", "in 0..1");
  Require(strike_restitution >= 0 && strike_restitution <= 1, "strike_restitution", "in 0..1");
  Require(free_slide_clear_mm >= 0 && free_slide_clear_mm <= 100, "free_slide_clear_mm",
          "in 0..100");
  Require(free_slide_sigma_mm > 0 && free_slide_sigma_mm <= 10, "free_slide_sigma_mm",
          "in (0, 10]");
  Require(area.vertices.empty() || area.vertices.size() >= 3, "area",
          "empty or a polygon of at least 3 vertices");
}

}  // namespace tabref::vision
