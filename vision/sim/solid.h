#pragma once

#include <array>
#include <map>
#include <opencv2/core.hpp>
#include <string>
#include <utility>
#include <vector>

#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/lighting.h"
#include "vision/sim/scene.h"
#include "vision/sim/textures.h"

namespace tabref::vision::sim {

// One flat convex face of a piece's surface.
struct Face {
  std::vector<cv::Vec3d> outline;  // counter-clockwise seen from outside
  cv::Vec3d normal;
  cv::Scalar albedo;                         // BGR, when there is no texture
  const TexturePyramid* texture = nullptr;   // printed art, mapped by `texture_corners`
  std::array<cv::Vec3d, 4> texture_corners;  // where the texture's corners land (TL, TR, BR, BL)
  SurfaceFinish finish;
  double opacity = 1;
  double glow = 0;  // light passing through translucent plastic, as a fraction of the albedo
};

// A piece's surface in its own frame: origin on the table below the centroid, z up.
struct Solid {
  std::vector<Face> faces;
  // Moves the solid to a body's pose in the table frame.
  Solid Posed(const Body& body) const;
  std::vector<cv::Vec3d> Vertices() const;
};

// Builds and keeps the solids and printed textures of pieces, one per look and pose.
class SolidLibrary {
 public:
  explicit SolidLibrary(PieceSet set) : set_(std::move(set)) {}
  // Faces point into the library's own textures: it is not copied.
  SolidLibrary(const SolidLibrary&) = delete;
  SolidLibrary& operator=(const SolidLibrary&) = delete;
  const Solid& For(const PieceLook& look, bool lying);

 private:
  const TexturePyramid* Texture(const std::string& key, const cv::Mat& image);
  Solid Build(const PieceLook& look, bool lying);
  Solid Coin(const PieceLook& look);
  Solid Tile(const PieceLook& look);
  Solid Pyramid(const PieceLook& look, bool lying);
  Solid Die();
  Solid Card(const PieceLook& look);
  Solid Pen(const PieceLook& look);

  PieceSet set_;
  std::map<std::string, Solid> solids_;
  std::map<std::string, TexturePyramid> textures_;
};

}  // namespace tabref::vision::sim
