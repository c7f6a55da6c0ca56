#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "vision/sim/hand.h"
#include "vision/sim/output_files.h"
#include "vision/sim/physics.h"
#include "vision/sim/renderer.h"
#include "vision/sim/scene.h"
#include "vision/sim/truth.h"

namespace tabref::vision::sim {

// Films a world at a fixed frame rate: steps the physics up to each frame's time, draws the
// frame (when there is a renderer; without one only the ground truth is kept) into the sink
// (when there is one) and adds the frame's poses to the ground truth. The physics advances in its
// own fixed steps, so what happens never depends on the frame rate; a hook called before every
// physics step lets a player strike exactly between steps.
class Filming {
 public:
  using StepHook = std::function<void(World& world)>;
  using HandAt = std::function<std::optional<HandPose>(double time_s)>;
  // The bodies as the frame at `time_s` shows them, when that differs from the world's (a
  // piece taken up only once the hand reaches it).
  using Shown = std::function<std::vector<Body>(const std::vector<Body>& bodies, double time_s)>;

  // `looks`, `truth`, `renderer` and `sink` must outlive the filming.
  Filming(double fps, const std::vector<PieceLook>& looks, GroundTruth& truth,
          Renderer* renderer = nullptr, FrameSink* sink = nullptr);

  // Steps `world` to the next frame's time, calling `before_step` (if any) before every
  // physics step, and records that frame with the hand `hand` (if any) shows and the bodies
  // as `shown` (if any) shows them, in the image and the ground truth alike.
  void NextFrame(World& world, const StepHook& before_step = {}, const HandAt& hand = {},
                 const Shown& shown = {});

  // Draws later frames with another renderer (a camera that moved).
  void SetRenderer(Renderer* renderer) { renderer_ = renderer; }

  int Frames() const { return frames_; }
  // The frame last drawn (empty without a renderer).
  const cv::Mat& LastImage() const { return last_image_; }
  // Time of the next frame to be recorded, and of the last one recorded (0 before any).
  double NextTime() const { return frames_ / fps_; }
  double LastTime() const { return frames_ > 0 ? (frames_ - 1) / fps_ : 0; }
  double Fps() const { return fps_; }

 private:
  double fps_;
  const std::vector<PieceLook>& looks_;
  GroundTruth& truth_;
  Renderer* renderer_;
  FrameSink* sink_;
  int frames_ = 0;
  cv::Mat last_image_;
};

}  // namespace tabref::vision::sim
