#include "vision/sim/filming.h"

namespace tabref::vision::sim {

Filming::Filming(double fps, const std::vector<PieceLook>& looks, GroundTruth& truth,
                 Renderer* renderer, FrameSink* sink)
    : fps_(fps), looks_(looks), truth_(truth), renderer_(renderer), sink_(sink) {}

void Filming::NextFrame(World& world, const StepHook& before_step, const HandAt& hand,
                        const Shown& shown) {
  const double time_s = NextTime();
  while (world.Time() < time_s - 1e-9) {
    if (before_step) before_step(world);
    world.Step();
  }
  const std::vector<Body> shown_bodies =
      shown ? shown(world.Bodies(), time_s) : std::vector<Body>{};
  const std::vector<Body>& bodies = shown ? shown_bodies : world.Bodies();
  if (renderer_ != nullptr) {
    const std::optional<HandPose> pose = hand ? hand(time_s) : std::nullopt;
    last_image_ = renderer_->Render(looks_, bodies, time_s, pose);
    if (sink_ != nullptr) sink_->Write(last_image_);
  }
  truth_.AddFrame(frames_, time_s, bodies);
  ++frames_;
}

}  // namespace tabref::vision::sim
