#include "vision/sim/filming.h"

namespace tabref::vision::sim {

Filming::Filming(double fps, const std::vector<PieceLook>& looks, GroundTruth& truth,
                 Renderer* renderer, FrameSink* sink)
    : fps_(fps), looks_(looks), truth_(truth), renderer_(renderer), sink_(sink) {}

void Filming::NextFrame(World& world, const StepHook& before_step, const HandAt& hand) {
  const double time_s = NextTime();
  while (world.Time() < time_s - 1e-9) {
    if (before_step) before_step(world);
    world.Step();
  }
  if (renderer_ != nullptr) {
    const std::optional<HandPose> pose = hand ? hand(time_s) : std::nullopt;
    last_image_ = renderer_->Render(looks_, world.Bodies(), time_s, pose);
    if (sink_ != nullptr) sink_->Write(last_image_);
  }
  truth_.AddFrame(frames_, time_s, world.Bodies());
  ++frames_;
}

}  // namespace tabref::vision::sim
