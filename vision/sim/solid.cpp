#include "vision/sim/solid.h"

#include <cmath>

namespace tabref::vision::sim {
namespace {

constexpr int kCoinSides = 28;
constexpr SurfaceFinish kSatin{0.12, 30};
constexpr SurfaceFinish kGlossyPlastic{0.6, 90};
constexpr double kPlasticGlow = 0.35;
constexpr int kPipSides = 8;
constexpr double kPipRaiseMm = 0.15;

cv::Vec3d Rotate(const cv::Vec3d& point, double cos_a, double sin_a) {
  return {cos_a * point[0] - sin_a * point[1], sin_a * point[0] + cos_a * point[1], point[2]};
}

cv::Vec3d FaceNormal(const std::vector<cv::Vec3d>& outline) {
  return cv::normalize((outline[1] - outline[0]).cross(outline[2] - outline[0]));
}

Face Plain(std::vector<cv::Vec3d> outline, const cv::Scalar& albedo, const SurfaceFinish& finish) {
  Face face;
  face.normal = FaceNormal(outline);
  face.outline = std::move(outline);
  face.albedo = albedo;
  face.finish = finish;
  return face;
}

// The top face of a prism: `texture` spans the square (or rectangle) of `half` around the axis.
Face TexturedTop(std::vector<cv::Vec3d> outline, const TexturePyramid* texture, cv::Vec2d half,
                 double z, const SurfaceFinish& finish) {
  Face face = Plain(std::move(outline), {255, 255, 255}, finish);
  face.texture = texture;
  face.texture_corners = {cv::Vec3d(-half[0], half[1], z), cv::Vec3d(half[0], half[1], z),
                          cv::Vec3d(half[0], -half[1], z), cv::Vec3d(-half[0], -half[1], z)};
  return face;
}

// A box standing on the table: four sides, the top (textured when `top` is given).
Solid Box(cv::Vec3d size, const cv::Scalar& side_colour, const TexturePyramid* top,
          const cv::Scalar& top_colour, const SurfaceFinish& finish) {
  const double x = 0.5 * size[0];
  const double y = 0.5 * size[1];
  const double h = size[2];
  const std::array<cv::Vec3d, 4> base{cv::Vec3d(x, y, 0), cv::Vec3d(-x, y, 0), cv::Vec3d(-x, -y, 0),
                                      cv::Vec3d(x, -y, 0)};
  Solid solid;
  std::vector<cv::Vec3d> roof;
  for (size_t i = 0; i < 4; ++i) {
    const cv::Vec3d& a = base[i];
    const cv::Vec3d& b = base[(i + 1) % 4];
    solid.faces.push_back(
        Plain({a, b, b + cv::Vec3d(0, 0, h), a + cv::Vec3d(0, 0, h)}, side_colour, finish));
    roof.push_back(a + cv::Vec3d(0, 0, h));
  }
  if (top != nullptr) {
    solid.faces.push_back(TexturedTop(roof, top, {x, y}, h, finish));
  } else {
    solid.faces.push_back(Plain(roof, top_colour, finish));
  }
  return solid;
}

// Builds the upright pyramid's vertices, or lays it on the face through the base edge at
// -y: a turn of (pi - slope) about that edge, then centres the centroid over the origin.
std::vector<cv::Vec3d> PyramidVertices(double base, double height, bool lying) {
  const double b = 0.5 * base;
  std::vector<cv::Vec3d> vertices{{b, b, 0}, {-b, b, 0}, {-b, -b, 0}, {b, -b, 0}, {0, 0, height}};
  if (!lying) return vertices;
  const double turn = CV_PI - std::atan2(height, b);
  const double c = std::cos(turn);
  const double s = std::sin(turn);
  const auto turn_about_edge = [&](const cv::Vec3d& v) {
    const double from_edge = v[1] + b;
    return cv::Vec3d(v[0], c * from_edge - s * v[2] - b, s * from_edge + c * v[2]);
  };
  const cv::Vec3d centroid = turn_about_edge({0, 0, 0.25 * height});
  for (cv::Vec3d& v : vertices) {
    v = turn_about_edge(v) - cv::Vec3d(centroid[0], centroid[1], 0);
    v[2] = std::max(0.0, v[2]);  // rounding must not sink the face into the table
  }
  return vertices;
}

// The moulded dots near the base of a pyramid's side that tell its size (1, 2 or 3), as
// small darker discs just above the side's surface.
std::vector<Face> SizePips(const Face& side, int count) {
  const cv::Vec3d& a = side.outline[0];
  const cv::Vec3d& b = side.outline[1];
  const cv::Vec3d& apex = side.outline[2];
  const cv::Vec3d base_middle = 0.5 * (a + b);
  const cv::Vec3d along = b - a;
  const cv::Vec3d up = apex - base_middle;
  const double radius = 0.05 * cv::norm(along);
  const cv::Vec3d u = cv::normalize(along);
  const cv::Vec3d w = cv::normalize(up);
  std::vector<Face> pips;
  for (int k = 0; k < count; ++k) {
    const cv::Vec3d centre =
        base_middle + 0.14 * up + (k - 0.5 * (count - 1)) * 0.2 * along + kPipRaiseMm * side.normal;
    std::vector<cv::Vec3d> outline;
    for (int i = 0; i < kPipSides; ++i) {
      const double t = 2 * CV_PI * i / kPipSides;
      outline.push_back(centre + radius * (std::cos(t) * u + std::sin(t) * w));
    }
    Face pip = Plain(outline, side.albedo * 0.6, side.finish);
    pip.normal = side.normal;  // the outline's winding follows the side's
    pips.push_back(pip);
  }
  return pips;
}

}  // namespace

Solid Solid::Posed(const Body& body) const {
  const double c = std::cos(body.angle);
  const double s = std::sin(body.angle);
  const cv::Vec3d offset(body.position[0], body.position[1], body.elevation);
  Solid posed = *this;
  for (Face& face : posed.faces) {
    for (cv::Vec3d& point : face.outline) point = Rotate(point, c, s) + offset;
    for (cv::Vec3d& point : face.texture_corners) point = Rotate(point, c, s) + offset;
    face.normal = Rotate(face.normal, c, s);
  }
  return posed;
}

std::vector<cv::Vec3d> Solid::Vertices() const {
  std::vector<cv::Vec3d> vertices;
  for (const Face& face : faces)
    vertices.insert(vertices.end(), face.outline.begin(), face.outline.end());
  return vertices;
}

const Solid& SolidLibrary::For(const PieceLook& look, bool lying) {
  const std::string key = look.Describe() + (lying ? " lying" : "");
  auto found = solids_.find(key);
  if (found == solids_.end()) found = solids_.emplace(key, Build(look, lying)).first;
  return found->second;
}

const TexturePyramid* SolidLibrary::Texture(const std::string& key, const cv::Mat& image) {
  auto found = textures_.find(key);
  if (found == textures_.end()) found = textures_.emplace(key, TexturePyramid(image)).first;
  return &found->second;
}

Solid SolidLibrary::Build(const PieceLook& look, bool lying) {
  switch (look.kind) {
    case PieceKind::kCoin:
      return Coin(look);
    case PieceKind::kTile:
      return Tile(look);
    case PieceKind::kPyramid:
      return Pyramid(look, lying);
    case PieceKind::kDie:
      return Die();
    case PieceKind::kCard:
      return Card(look);
    case PieceKind::kPen:
      return Pen(look);
  }
  return {};
}

Solid SolidLibrary::Coin(const PieceLook& look) {
  const double r = 0.5 * set_.coin_diameter_mm;
  const double h = set_.coin_thickness_mm;
  Solid solid;
  std::vector<cv::Vec3d> top;
  for (int i = 0; i < kCoinSides; ++i) {
    const double a0 = 2 * CV_PI * i / kCoinSides;
    const double a1 = 2 * CV_PI * (i + 1) / kCoinSides;
    const cv::Vec3d p0(r * std::cos(a0), r * std::sin(a0), 0);
    const cv::Vec3d p1(r * std::cos(a1), r * std::sin(a1), 0);
    Face rim = Plain({p0, p1, p1 + cv::Vec3d(0, 0, h), p0 + cv::Vec3d(0, 0, h)},
                     set_.coin_rim_colour, kSatin);
    // Smooth shading of the cylinder: each facet lit with its mid normal.
    const double mid = 0.5 * (a0 + a1);
    rim.normal = cv::Vec3d(std::cos(mid), std::sin(mid), 0);
    solid.faces.push_back(rim);
    top.push_back(p0 + cv::Vec3d(0, 0, h));
  }
  const std::string key = look.Describe();
  const TexturePyramid* art = Texture(key, CoinFace(look, set_, look.face_up, 128));
  solid.faces.push_back(TexturedTop(top, art, {r, r}, h, kSatin));
  return solid;
}

Solid SolidLibrary::Tile(const PieceLook& look) {
  const TexturePyramid* art = Texture(look.Describe(), TileFace(look, set_, look.face_up, 256));
  return Box({set_.tile_side_mm, set_.tile_side_mm, set_.tile_thickness_mm}, set_.tile_edge_colour,
             art, {}, kSatin);
}

Solid SolidLibrary::Pyramid(const PieceLook& look, bool lying) {
  const PyramidSize& size = set_.Pyramid(look.size);
  const cv::Scalar colour = set_.PyramidColour(look.colour).bgr;
  const std::vector<cv::Vec3d> v = PyramidVertices(size.base_mm, size.height_mm, lying);
  const int pips = static_cast<int>(&size - set_.pyramid_sizes.data()) + 1;
  Solid solid;
  solid.faces.push_back(Plain({v[3], v[2], v[1], v[0]}, colour, kGlossyPlastic));
  for (size_t i = 0; i < 4; ++i) {
    solid.faces.push_back(Plain({v[i], v[(i + 1) % 4], v[4]}, colour, kGlossyPlastic));
    const std::vector<Face> dots = SizePips(solid.faces.back(), pips);
    solid.faces.insert(solid.faces.end(), dots.begin(), dots.end());
  }
  for (Face& face : solid.faces) {
    face.opacity = set_.pyramid_opacity;
    face.glow = kPlasticGlow;
  }
  return solid;
}

Solid SolidLibrary::Die() {
  PieceLook die;
  die.kind = PieceKind::kDie;
  const double side = DimensionsOf(die, set_).length_mm;
  Solid solid =
      Box({side, side, side}, {225, 232, 236}, Texture("die 5", DieFace(5, 64)), {}, {0.3, 50});
  // The sides show 1, 3, 4 and 6 pips, each face mapped like the top.
  const std::array<int, 4> pips{1, 3, 6, 4};
  for (size_t i = 0; i < 4; ++i) {
    Face& face = solid.faces[i];
    face.texture = Texture("die " + std::to_string(pips[i]), DieFace(pips[i], 64));
    face.texture_corners = {face.outline[3], face.outline[2], face.outline[1], face.outline[0]};
  }
  return solid;
}

Solid SolidLibrary::Card(const PieceLook& look) {
  const PieceDimensions size = DimensionsOf(look, set_);
  const TexturePyramid* art = Texture(look.Describe(), CardFace(look.face_up, 128));
  return Box({size.length_mm, size.width_mm, size.height_mm}, {220, 225, 228}, art, {}, {0.15, 20});
}

Solid SolidLibrary::Pen(const PieceLook& look) {
  const PieceDimensions size = DimensionsOf(look, set_);
  const cv::Scalar ink = look.colour == "red" ? cv::Scalar(40, 40, 190) : cv::Scalar(150, 70, 20);
  Solid body = Box({size.length_mm, size.width_mm, size.height_mm}, ink, nullptr, ink, {0.5, 60});
  // A silver clip along a third of the barrel's top.
  const double x = 0.5 * size.length_mm;
  const double z = size.height_mm + 0.3;
  body.faces.push_back(
      Plain({{x - 45, -1.5, z}, {x - 5, -1.5, z}, {x - 5, 1.5, z}, {x - 45, 1.5, z}},
            {200, 200, 200}, {0.8, 80}));
  return body;
}

}  // namespace tabref::vision::sim
