#include "vision/sim/detection_scene.h"

#include <cmath>
#include <opencv2/imgproc.hpp>

#include "vision/sim/option_check.h"
#include "vision/sim/piece_body.h"
#include "vision/sim/random.h"
#include "vision/sim/random_scene.h"
#include "vision/sim/renderer.h"
#include "vision/sim/webcam.h"

namespace tabref::vision::sim {
namespace {

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "DetectionSceneOptions", field, range);
}

// Distance from `point` to the nearest footprint of `bodies` (negative inside one).
double Clearance(const cv::Vec2d& point, double radius, const std::vector<Body>& bodies) {
  double clearance = 1e9;
  for (const Body& body : bodies) {
    const cv::Vec2d half = body.FootprintHalfExtent();
    if (body.is_disc) {
      clearance = std::min(clearance, cv::norm(point - body.position) - body.radius - radius);
      continue;
    }
    // Box: distance in the box's own frame.
    const double c = std::cos(body.angle);
    const double s = std::sin(body.angle);
    const cv::Vec2d d = point - body.position;
    const cv::Vec2d local(c * d[0] + s * d[1], -s * d[0] + c * d[1]);
    const cv::Vec2d outside(std::max(0.0, std::abs(local[0]) - half[0]),
                            std::max(0.0, std::abs(local[1]) - half[1]));
    clearance = std::min(clearance, cv::norm(outside) - radius);
  }
  return clearance;
}

PieceLook RandomCoin(const PieceSet& set, Rng& rng) {
  PieceLook look;
  look.kind = PieceKind::kCoin;
  look.face_up = Chance(0.5, rng);
  look.suit = Pick(set.suits, rng).name;
  look.rank = Pick(set.values, rng);
  return look;
}

// A coin touching (within 0.3 mm) a random coin or tile of the scene, free of the others.
bool AddTouchingCoin(const PieceSet& set, SceneSetup& scene, Rng& rng) {
  const double radius = 0.5 * set.coin_diameter_mm;
  std::vector<size_t> anchors;
  for (size_t i = 0; i < scene.looks.size(); ++i) {
    if (scene.looks[i].kind == PieceKind::kCoin || scene.looks[i].kind == PieceKind::kTile)
      anchors.push_back(i);
  }
  if (anchors.empty()) return false;
  for (int attempt = 0; attempt < 60; ++attempt) {
    const Body& anchor = scene.bodies[Pick(anchors, rng)];
    const double heading = Uniform(-CV_PI, CV_PI, rng);
    const cv::Vec2d direction(std::cos(heading), std::sin(heading));
    // Walk out from the anchor's centre until the new coin clears it by the touching gap.
    const double gap = Uniform(0.0, 0.3, rng);
    double reach = 0;
    for (; reach < 80; reach += 0.05) {
      if (Clearance(anchor.position + reach * direction, radius, {anchor}) >= gap) break;
    }
    const cv::Vec2d spot = anchor.position + reach * direction;
    if (Clearance(spot, radius, scene.bodies) < gap - 1e-6) continue;
    const double inset = 0.5 * scene.layout.marker_side_mm + radius;
    if (spot[0] < inset || spot[1] < inset || spot[0] > scene.layout.play_width_mm - inset ||
        spot[1] > scene.layout.play_depth_mm - inset)
      continue;
    const PieceLook look = RandomCoin(set, rng);
    scene.looks.push_back(look);
    scene.bodies.push_back(MakeBody(look, set, spot, Uniform(-CV_PI, CV_PI, rng)));
    return true;
  }
  return false;
}

// A coin on the white paper of a marker sheet, beside the black square.
bool AddCoinOnPaper(const PieceSet& set, SceneSetup& scene, Rng& rng) {
  const double radius = 0.5 * set.coin_diameter_mm;
  const auto sheets = scene.layout.MarkerCentres();
  const std::vector<cv::Vec3d> centres(sheets.begin(), sheets.end());
  const double half_square = 0.5 * scene.layout.marker_side_mm;
  for (int attempt = 0; attempt < 40; ++attempt) {
    const cv::Vec3d centre = Pick(centres, rng);
    // On the paper margin beside the black square, overhanging onto the table; the square's
    // own white border stays clear (a marker touched by a piece is not found).
    const double along = Uniform(-half_square + radius, half_square - radius, rng);
    const double out = half_square + radius + Uniform(2.0, 5.0, rng);
    const cv::Vec2d toward_play(centre[0] < 1 ? 1 : -1, centre[1] < 1 ? 1 : -1);
    const cv::Vec2d spot = Chance(0.5, rng)
                               ? cv::Vec2d(centre[0] + toward_play[0] * out, centre[1] + along)
                               : cv::Vec2d(centre[0] + along, centre[1] + toward_play[1] * out);
    if (Clearance(spot, radius, scene.bodies) < 2) continue;
    const PieceLook look = RandomCoin(set, rng);
    scene.looks.push_back(look);
    scene.bodies.push_back(MakeBody(look, set, spot, Uniform(-CV_PI, CV_PI, rng)));
    return true;
  }
  return false;
}

// A block of tiles laid edge to edge in a free part of the play area: seams of 0.3-0.8 mm and
// each tile turned a little (by hand), never overlapping its neighbours.
bool AddTileBlock(const PieceSet& set, SceneSetup& scene, Rng& rng) {
  const double side = set.tile_side_mm;
  const int columns = Chance(0.5, rng) ? 2 : 3;
  const int rows = Chance(0.3, rng) ? 1 : 2;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const double heading = Uniform(-CV_PI, CV_PI, rng);
    const cv::Vec2d across(std::cos(heading), std::sin(heading));
    const cv::Vec2d up(-across[1], across[0]);
    const double inset = 0.5 * scene.layout.marker_side_mm + scene.layout.paper_margin_mm +
                         0.75 * side * std::max(columns, rows);
    const cv::Vec2d corner(Uniform(inset, scene.layout.play_width_mm - inset, rng),
                           Uniform(inset, scene.layout.play_depth_mm - inset, rng));
    std::vector<double> column_at{0};
    for (int i = 1; i < columns; ++i)
      column_at.push_back(column_at.back() + side + Uniform(0.3, 0.8, rng));
    std::vector<double> row_at{0};
    for (int j = 1; j < rows; ++j) row_at.push_back(row_at.back() + side + Uniform(0.3, 0.8, rng));
    std::vector<PieceLook> looks;
    std::vector<Body> bodies;
    bool free = true;
    for (int i = 0; i < columns && free; ++i) {
      for (int j = 0; j < rows && free; ++j) {
        const cv::Vec2d centre =
            corner + (column_at[static_cast<size_t>(i)] - 0.5 * column_at.back()) * across +
            (row_at[static_cast<size_t>(j)] - 0.5 * row_at.back()) * up;
        // Clear of everything already there: the tile's area sampled every 5 mm.
        for (double u = -0.5 * side; u <= 0.5 * side + 1e-9 && free; u += side / 10) {
          for (double v = -0.5 * side; v <= 0.5 * side + 1e-9 && free; v += side / 10)
            free = Clearance(centre + u * across + v * up, 0, scene.bodies) >= 3;
        }
        PieceLook look;
        look.kind = PieceKind::kTile;
        look.face_up = Chance(0.7, rng);
        look.suit = Pick(set.suits, rng).name;
        look.rank = Pick(set.values, rng);
        looks.push_back(look);
        bodies.push_back(
            MakeBody(look, set, centre, heading + Uniform(-0.3, 0.3, rng) * CV_PI / 180));
      }
    }
    if (!free) continue;
    scene.looks.insert(scene.looks.end(), looks.begin(), looks.end());
    scene.bodies.insert(scene.bodies.end(), bodies.begin(), bodies.end());
    return true;
  }
  return false;
}

// A coin lying on a random tile, wholly on its top face (a piecepack game stacks coins on
// tiles), clear of any other coin on it.
bool AddCoinOnTile(const PieceSet& set, SceneSetup& scene, Rng& rng) {
  const double radius = 0.5 * set.coin_diameter_mm;
  std::vector<size_t> tiles;
  for (size_t i = 0; i < scene.looks.size(); ++i) {
    if (scene.looks[i].kind == PieceKind::kTile && scene.bodies[i].support == Support::kTable)
      tiles.push_back(i);
  }
  if (tiles.empty()) return false;
  for (int attempt = 0; attempt < 40; ++attempt) {
    const size_t tile = Pick(tiles, rng);
    const Body& carrier = scene.bodies[tile];
    const double reach = 0.5 * set.tile_side_mm - radius - 1.5;
    const double u = Uniform(-reach, reach, rng);
    const double v = Uniform(-reach, reach, rng);
    const double c = std::cos(carrier.angle);
    const double s = std::sin(carrier.angle);
    const cv::Vec2d spot = carrier.position + cv::Vec2d(c * u - s * v, s * u + c * v);
    bool free = true;
    for (size_t i = 0; i < scene.bodies.size() && free; ++i) {
      const Body& other = scene.bodies[i];
      if (other.support == Support::kStacked && other.carrier == static_cast<int>(tile))
        free = cv::norm(spot - other.position) > 2 * radius + 1;
    }
    if (!free) continue;
    const PieceLook look = RandomCoin(set, rng);
    Body coin = MakeBody(look, set, spot, Uniform(-CV_PI, CV_PI, rng));
    coin.support = Support::kStacked;
    coin.carrier = static_cast<int>(tile);
    coin.stack_height = set.tile_thickness_mm;
    coin.elevation = carrier.elevation + coin.stack_height;
    scene.looks.push_back(look);
    scene.bodies.push_back(coin);
    return true;
  }
  return false;
}

RenderOptions RandomLighting(Rng& rng) {
  RenderOptions render;
  render.key_light_offset_mm = {Uniform(-600, 600, rng), Uniform(-500, 500, rng),
                                Uniform(800, 1600, rng)};
  const double warmth = Uniform(0, 1, rng);  // 0 cool daylight .. 1 warm tungsten
  render.key_light_colour = {1.0 - 0.3 * warmth, 1.0 - 0.1 * warmth, 1.0};
  render.key_light_intensity = Uniform(0.45, 0.8, rng);
  render.key_light_radius_mm = Uniform(30, 140, rng);
  render.fill_light_intensity = Uniform(0.05, 0.35, rng);
  render.ambient = Uniform(0.1, 0.25, rng);
  render.shadow_strength = Uniform(0.35, 0.7, rng);
  render.vignetting = Uniform(0.1, 0.45, rng);
  render.lens_blur_px = Uniform(0.4, 0.9, rng);
  render.noise_sigma = Uniform(1.5, 4.5, rng);
  render.exposure_drift = Uniform(0, 0.08, rng);
  render.jpeg_quality = static_cast<int>(Uniform(55, 95, rng));
  return render;
}

bool InsidePolygon(const std::vector<cv::Point2f>& polygon, const cv::Point2f& point) {
  return cv::pointPolygonTest(polygon, point, false) >= 0;
}

}  // namespace

void DetectionSceneOptions::Check() const {
  Require(width >= 320 && width <= 4096 && height >= 240 && height <= 4096, "width/height",
          "within 320x240 .. 4096x4096");
  Require(!tilt_deg || (*tilt_deg >= 0 && *tilt_deg <= 45), "tilt_deg", "in 0..45");
  Require(coins >= 0 && coins <= 60, "coins", "in 0..60");
  Require(tiles >= 0 && tiles <= 30, "tiles", "in 0..30");
  Require(pyramids >= 0 && pyramids <= 30, "pyramids", "in 0..30");
  Require(touching_coins >= 0 && touching_coins <= 30, "touching_coins", "in 0..30");
  Require(coins_on_paper >= 0 && coins_on_paper <= 4, "coins_on_paper", "in 0..4");
  Require(tile_blocks >= 0 && tile_blocks <= 4, "tile_blocks", "in 0..4");
  Require(coins_on_tiles >= 0 && coins_on_tiles <= 10, "coins_on_tiles", "in 0..10");
  Require(hand_chance >= 0 && hand_chance <= 1, "hand_chance", "in 0..1");
}

DetectionScene MakeDetectionScene(const PieceSet& set, const DetectionSceneOptions& options) {
  options.Check();
  Rng rng(options.seed);
  RandomSceneOptions scatter;
  scatter.coins = options.coins;
  scatter.tiles = options.tiles;
  scatter.pyramids = options.pyramids;
  scatter.distractors = options.distractors;
  scatter.material = options.material;
  SceneSetup setup = RandomScene(set, scatter, rng);
  for (int i = 0; i < options.touching_coins; ++i) AddTouchingCoin(set, setup, rng);
  for (int i = 0; i < options.coins_on_paper; ++i) AddCoinOnPaper(set, setup, rng);
  Rng block_rng(options.seed ^ 0x7f4a7c159e3779b9ULL);
  for (int i = 0; i < options.tile_blocks; ++i) AddTileBlock(set, setup, block_rng);
  Rng stack_rng(options.seed ^ 0x2545f4914f6cdd1dULL);
  for (int i = 0; i < options.coins_on_tiles; ++i) AddCoinOnTile(set, setup, stack_rng);

  DetectionScene scene;
  scene.layout = setup.layout;
  scene.looks = std::move(setup.looks);
  scene.bodies = std::move(setup.bodies);
  scene.camera = RandomWebcam({options.width, options.height, options.tilt_deg}, scene.layout, rng);
  scene.render = options.vary_lighting ? RandomLighting(rng) : RenderOptions{};
  scene.render.seed = options.seed;
  if (Chance(options.hand_chance, rng)) {
    const cv::Vec3d centre = scene.layout.PlayAreaCentre();
    HandPose hand;
    hand.fingertip = {centre[0] + Uniform(-0.4, 0.4, rng) * scene.layout.play_width_mm,
                      centre[1] + Uniform(-0.4, 0.4, rng) * scene.layout.play_depth_mm};
    hand.heading = Uniform(-CV_PI, CV_PI, rng);
    hand.height = Uniform(15, 60, rng);
    scene.hand = hand;
  }

  scene.hidden.assign(scene.looks.size(), false);
  if (scene.hand) {
    for (const auto& polygon : HandPolygons(*scene.hand)) {
      std::vector<cv::Point2f> outline;
      for (const cv::Point2d& p : scene.camera.Project(polygon)) outline.emplace_back(p);
      std::vector<cv::Point2f> hull;
      cv::convexHull(outline, hull);
      for (size_t i = 0; i < scene.bodies.size(); ++i) {
        const cv::Vec2d& at = scene.bodies[i].position;
        const cv::Point2d seen = scene.camera.Project(cv::Vec3d(at[0], at[1], 0));
        if (InsidePolygon(hull, cv::Point2f(seen))) scene.hidden[i] = true;
      }
    }
  }
  Renderer renderer(scene.camera, scene.layout, set, scene.render);
  scene.image = renderer.Render(scene.looks, scene.bodies, 0, scene.hand);
  return scene;
}

DetectionSceneOptions BareTableOptions(int width, int height, std::uint64_t seed) {
  DetectionSceneOptions options;
  options.seed = seed;
  options.width = width;
  options.height = height;
  options.coins = 0;
  options.tiles = 0;
  options.pyramids = 0;
  options.touching_coins = 0;
  options.coins_on_paper = 0;
  options.distractors = false;
  options.hand_chance = 0;
  options.vary_lighting = false;
  return options;
}

}  // namespace tabref::vision::sim
