#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/camera.h"
#include "vision/sim/face_layer.h"
#include "vision/sim/hand.h"
#include "vision/sim/lighting.h"
#include "vision/sim/render_options.h"
#include "vision/sim/scene.h"
#include "vision/sim/sensor.h"
#include "vision/sim/solid.h"

namespace tabref::vision::sim {

// Draws webcam frames of the table for one camera: the static background is ray-cast once,
// then each frame copies it, adds soft shadows, the pieces (perspective solids with printed
// art, shaded, motion-blurred when moving) and a hand, and passes the sensor model.
class Renderer {
 public:
  Renderer(const Camera& camera, const TableLayout& layout, const PieceSet& set,
           const RenderOptions& options);

  // `looks[i]` is drawn at `bodies[i]`'s pose.
  cv::Mat Render(const std::vector<PieceLook>& looks, const std::vector<Body>& bodies,
                 double time_s, const std::optional<HandPose>& hand = std::nullopt);

  const Camera& camera() const { return camera_; }
  const cv::Mat& Background() const { return background_; }

 private:
  void DrawPiece(cv::Mat& frame, const Solid& solid, const Body& body) const;
  void DrawMotionBlurred(cv::Mat& frame, const Solid& solid, const Body& body, int samples) const;
  void DrawSolid(cv::Mat& canvas, cv::Point origin, const Solid& posed) const;
  void DrawFace(FaceLayer& layer, cv::Point origin, const Face& face) const;
  bool FacesCamera(const Face& face) const;
  // The body's shadow on the table or, given `carrier_top` (the top face of the body it lies
  // on, a convex polygon at one height), on that face.
  void DrawShadow(cv::Mat& frame, const Solid& posed, const Body& body,
                  const std::vector<cv::Vec3d>* carrier_top = nullptr) const;
  void DrawHand(cv::Mat& frame, const HandPose& hand) const;
  // Darkens the image of a table-plane polygon, blurred by `blur_px`, by `tint` per channel.
  void Darken(cv::Mat& frame, const std::vector<cv::Vec3d>& table_polygon, double blur_px,
              const cv::Vec3f& tint) const;
  // The hull of where the lamp casts the points onto the plane at `plane_z` (the table's by
  // default).
  std::vector<cv::Vec3d> CastShadow(const std::vector<cv::Vec3d>& points, double plane_z = 0) const;
  int MotionSamples(const Body& body) const;
  cv::Rect Bounds(const std::vector<cv::Vec3d>& points, int padding) const;

  Camera camera_;
  cv::Vec3d eye_;
  TableLayout layout_;
  RenderOptions options_;
  Lighting lighting_;
  SolidLibrary solids_;
  Sensor sensor_;
  cv::Mat background_;
};

}  // namespace tabref::vision::sim
