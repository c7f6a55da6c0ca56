#include "vision/detect/tile_face.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "vision/detect/edge_search.h"
#include "vision/pieces/piece_art.h"

namespace tabref::vision {
namespace {

constexpr int kArtSize = 384;              // template art, pixels across the tile
constexpr double kLensBlurPx = 0.6;        // typical camera blur, in camera pixels
constexpr float kPlainInk = 0.06f;         // a template cell this dark or less is unprinted
constexpr double kScalesPerOctave = 1;     // template sets per doubling of the camera's scale
constexpr float kInkedShare = 0.5f;        // cells at least this share of a template's darkest: ink
constexpr size_t kMinLocalPlainCells = 6;  // plain cells a local white balance needs
constexpr size_t kMinPlainGroupCells = 10;  // a group of plain cells that may be the face
constexpr size_t kAlternatives = 3;         // readings as other tiles kept (TileFace::alternatives)

float Median(std::vector<float> values) {
  if (values.empty()) return 0;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

// Zero mean, unit norm.
void Normalise(std::vector<float>& values) {
  double mean = 0;
  for (float v : values) mean += v;
  mean /= static_cast<double>(values.size());
  double norm = 0;
  for (float& v : values) {
    v = static_cast<float>(v - mean);
    norm += static_cast<double>(v) * v;
  }
  if (norm > 0) {
    const float scale = static_cast<float>(1 / std::sqrt(norm));
    for (float& v : values) v *= scale;
  }
}

// Cells in art order (row by row from the art's top, columns from its left) turned a quarter
// turn counter-clockwise as seen from above.
template <typename T>
std::vector<T> QuarterTurn(const std::vector<T>& cells, int n) {
  std::vector<T> turned(cells.size());
  for (int row = 0; row < n; ++row) {
    for (int column = 0; column < n; ++column) {
      // (x, y) -> (-y, x) with x = column - c and y = c - row.
      const int to_column = row;
      const int to_row = n - 1 - column;
      turned[static_cast<size_t>(to_row * n + to_column)] =
          cells[static_cast<size_t>(row * n + column)];
    }
  }
  return turned;
}

// Colours relative to the plain face (1, 1, 1 where unprinted) and how dark they are; `face`
// holds the plain face's colour for every cell, or one for all.
void ToInk(const std::vector<cv::Vec3f>& colours, const std::vector<cv::Vec3f>& face,
           std::vector<cv::Vec3f>& balanced, std::vector<float>& darkness) {
  balanced.resize(colours.size());
  darkness.resize(colours.size());
  for (size_t i = 0; i < colours.size(); ++i) {
    const cv::Vec3f& plain = face[face.size() == 1 ? 0 : i];
    for (int c = 0; c < 3; ++c) balanced[i][c] = colours[i][c] / std::max(plain[c], 1.0f);
    darkness[i] = 1.0f - (balanced[i][0] + balanced[i][1] + balanced[i][2]) / 3.0f;
  }
}

// The plain face's colour at each cell of an n x n face: the median of the seen plain cells
// within `radius` cells (at least `min_cells` of them), else `everywhere`. A shadow across the
// tile (a hand's, an arm's) darkens the plain face there and the ink alike.
std::vector<cv::Vec3f> LocalFace(const std::vector<cv::Vec3f>& colours,
                                 const std::vector<float>& visible,
                                 const std::vector<int>& plain_cells, int n, int radius,
                                 size_t min_cells, const cv::Vec3f& everywhere) {
  std::vector<cv::Vec3f> local(colours.size(), everywhere);
  std::array<std::vector<float>, 3> channels;
  for (int row = 0; row < n; ++row) {
    for (int column = 0; column < n; ++column) {
      for (std::vector<float>& channel : channels) channel.clear();
      for (const int i : plain_cells) {
        if (visible[static_cast<size_t>(i)] == 0 || std::abs(i / n - row) > radius ||
            std::abs(i % n - column) > radius)
          continue;
        for (int c = 0; c < 3; ++c)
          channels[static_cast<size_t>(c)].push_back(colours[static_cast<size_t>(i)][c]);
      }
      if (channels[0].size() < min_cells) continue;
      for (int c = 0; c < 3; ++c)
        local[static_cast<size_t>(row * n + column)][c] = Median(channels[static_cast<size_t>(c)]);
    }
  }
  return local;
}

// Sum of a[i] * b[i] in four interleaved partial sums: a single running sum would wait on
// each addition (the template match's hottest loop).
double Dot(const std::vector<float>& a, const std::vector<float>& b) {
  std::array<double, 4> partial{0, 0, 0, 0};
  size_t i = 0;
  for (; i + 4 <= a.size(); i += 4) {
    for (size_t k = 0; k < 4; ++k) partial[k] += a[i + k] * b[i + k];
  }
  for (; i < a.size(); ++i) partial[0] += a[i] * b[i];
  return (partial[0] + partial[1]) + (partial[2] + partial[3]);
}

// Distance from `point` to the segment from `a` to `b`.
float SegmentDistance(const cv::Vec3f& point, const cv::Vec3f& a, const cv::Vec3f& b) {
  const cv::Vec3f along = b - a;
  const float length2 = along.dot(along);
  const float t = length2 > 0 ? std::clamp((point - a).dot(along) / length2, 0.0f, 1.0f) : 0.0f;
  return static_cast<float>(cv::norm(point - (a + t * along)));
}

// The n x n cells (CV_8U, 1 inside) of the regions of `flagged` cells (8-connected) that touch
// the grid's border and hold at least `min_cells`, each grown to its convex hull and a cell
// around it. What lies over a tile reaches in from beyond its sides; the hull takes in the
// parts of it that happen to look like the art beneath, the cell around its blurred edge.
cv::Mat BorderRegions(const std::vector<unsigned char>& flagged, int n, int min_cells) {
  cv::Mat regions = cv::Mat::zeros(n, n, CV_8U);
  std::vector<unsigned char> reached(flagged.size(), 0);
  for (int start = 0; start < n * n; ++start) {
    const int row = start / n;
    const int column = start % n;
    const bool border = row == 0 || column == 0 || row == n - 1 || column == n - 1;
    if (!border || !flagged[static_cast<size_t>(start)] || reached[static_cast<size_t>(start)])
      continue;
    std::vector<cv::Point> cells = {{column, row}};
    reached[static_cast<size_t>(start)] = 1;
    for (size_t k = 0; k < cells.size(); ++k) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const cv::Point next = cells[k] + cv::Point(dx, dy);
          if (next.x < 0 || next.y < 0 || next.x >= n || next.y >= n) continue;
          const size_t j = static_cast<size_t>(next.y * n + next.x);
          if (!flagged[j] || reached[j]) continue;
          reached[j] = 1;
          cells.push_back(next);
        }
      }
    }
    if (static_cast<int>(cells.size()) < min_cells) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(cells, hull);
    cv::Mat region = cv::Mat::zeros(n, n, CV_8U);
    cv::fillConvexPoly(region, hull, cv::Scalar(1));
    cv::dilate(region, region, cv::Mat::ones(3, 3, CV_8U));
    regions |= region;
  }
  return regions;
}

void Require(bool ok, const char* field, const char* range) {
  if (!ok)
    throw std::invalid_argument(std::string("TileFaceOptions.") + field + " must be " + range);
}

}  // namespace

double TileReadingConfidence(double margin) { return std::clamp(margin / 0.2, 0.0, 1.0); }

void TileFaceOptions::Check() const {
  Require(cells >= 8 && cells <= 64, "cells", "in 8..64");
  Require(supersample >= 1 && supersample <= 5, "supersample", "in 1..5");
  Require(look_supersample >= 1 && look_supersample <= supersample, "look_supersample",
          "in 1..supersample");
  Require(face_reach > 0.5 && face_reach <= 1, "face_reach", "in (0.5, 1]");
  Require(colour_weight >= 0, "colour_weight", "non-negative");
  Require(min_match > 0 && min_match < 1, "min_match", "in (0, 1)");
  Require(max_hidden >= 0 && max_hidden < 1, "max_hidden", "in [0, 1)");
  Require(local_face_cells >= 0 && local_face_cells < cells, "local_face_cells", "in 0..cells-1");
  Require(min_shaded_match <= min_match, "min_shaded_match", "at most min_match");
  Require(foreign_distance > 0, "foreign_distance", "positive");
  Require(min_occluder_cells >= 0, "min_occluder_cells", "at least 0");
  Require(min_occluded_share >= 0 && min_occluded_share <= max_hidden, "min_occluded_share",
          "in [0, max_hidden]");
  Require(min_occluded_first_match < min_match, "min_occluded_first_match", "below min_match");
  Require(min_occluded_match >= min_match && min_occluded_match < 1, "min_occluded_match",
          "in [min_match, 1)");
}

TileFaceClassifier::TileFaceClassifier(const PieceSet& set, TileFaceOptions options)
    : set_(set), options_(options) {
  options_.Check();
}

TileFaceClassifier::TileFaceClassifier(const TileFaceClassifier& other)
    : set_(other.set_), options_(other.options_) {}

const TileFaceClassifier::TemplateSet& TileFaceClassifier::TemplatesFor(double px_per_mm) const {
  // Scales within an octave share templates: the lens blur is a small fraction of a cell (a
  // cell is about 2 mm, the blur a few tenths), so a blur off by 40 % moves no cell's mean
  // visibly, and a frame needs one or two sets (each takes about 0.2 s to build).
  const int key = static_cast<int>(std::lround(kScalesPerOctave * std::log2(px_per_mm)));
  std::lock_guard<std::mutex> lock(cache_mutex_);
  for (const auto& cached : cache_) {
    if (cached->key == key) return *cached;
  }
  auto built = std::make_unique<TemplateSet>();
  built->key = key;
  const int n = options_.cells;
  const double art_px_per_mm = kArtSize / set_.tile_side_mm;
  const double blur =
      std::max(0.5, kLensBlurPx * art_px_per_mm / std::exp2(key / kScalesPerOctave));
  const cv::Vec3f face(static_cast<float>(set_.tile_colour[0]),
                       static_cast<float>(set_.tile_colour[1]),
                       static_cast<float>(set_.tile_colour[2]));
  // The sampled square of the art, averaged over each cell.
  const int margin = static_cast<int>(std::lround(0.5 * (1 - options_.face_reach) * kArtSize));
  const cv::Rect reach(margin, margin, kArtSize - 2 * margin, kArtSize - 2 * margin);
  std::vector<int> ink_count(static_cast<size_t>(n * n), 0);
  const auto add = [&](bool face_side, const std::string& suit, const std::string& rank) {
    cv::Mat art = TileArt(set_, suit, rank, face_side, kArtSize);
    cv::GaussianBlur(art, art, cv::Size(0, 0), blur);
    cv::Mat cells;
    cv::resize(art(reach), cells, cv::Size(n, n), 0, 0, cv::INTER_AREA);
    std::vector<cv::Vec3f> colours;
    for (int row = 0; row < n; ++row) {
      for (int column = 0; column < n; ++column) {
        const cv::Vec3b c = cells.at<cv::Vec3b>(row, column);
        colours.emplace_back(c[0], c[1], c[2]);
      }
    }
    std::vector<cv::Vec3f> balanced;
    std::vector<float> darkness;
    ToInk(colours, {face}, balanced, darkness);
    Template entry;
    entry.side = face_side ? "face" : "back";
    if (face_side) {
      entry.suit = suit;
      entry.rank = rank;
    }
    const float darkest = *std::max_element(darkness.begin(), darkness.end());
    std::vector<float> mask(darkness.size());
    cv::Vec3f colour_sum(0, 0, 0);
    float inked = 0;
    for (size_t i = 0; i < darkness.size(); ++i) {
      mask[i] = darkness[i] >= kInkedShare * darkest ? 1.0f : 0.0f;
      colour_sum += mask[i] * balanced[i];
      inked += mask[i];
    }
    entry.ink_colour = inked > 0 ? colour_sum / inked : cv::Vec3f(1, 1, 1);
    if (face_side) {
      // Plain cells: unprinted in every face template at every turn.
      std::vector<float> turned = darkness;
      for (int turn = 0; turn < 4; ++turn) {
        for (size_t i = 0; i < turned.size(); ++i) ink_count[i] += turned[i] > kPlainInk;
        turned = QuarterTurn(turned, n);
      }
    }
    Normalise(darkness);
    entry.ink[0] = darkness;
    for (int turn = 0; turn < 4; ++turn) {
      if (turn > 0) {
        entry.ink[static_cast<size_t>(turn)] =
            QuarterTurn(entry.ink[static_cast<size_t>(turn - 1)], n);
        mask = QuarterTurn(mask, n);
      }
      for (size_t i = 0; i < mask.size(); ++i) {
        if (mask[i] > 0) entry.inked[static_cast<size_t>(turn)].push_back(static_cast<int>(i));
      }
    }
    built->templates.push_back(std::move(entry));
  };
  for (const NamedColour& suit : set_.suits) {
    for (const std::string& value : set_.values) add(true, suit.name, value);
  }
  add(false, set_.suits.front().name, set_.values.front());
  for (size_t i = 0; i < ink_count.size(); ++i) {
    if (ink_count[i] == 0) built->plain_cells.push_back(static_cast<int>(i));
  }
  cache_.push_back(std::move(built));
  return *cache_.back();
}

TileFace TileFaceClassifier::Classify(const cv::Mat& image,
                                      const calibration::TableMapping& mapping,
                                      const cv::Point2d& centre_mm, double angle_rad,
                                      double side_mm, double height_mm,
                                      const std::vector<cv::Vec3d>& occluders) const {
  return Read(image, mapping, centre_mm, angle_rad, side_mm, height_mm, occluders,
              options_.supersample, true);
}

TileFace TileFaceClassifier::Look(const cv::Mat& image, const calibration::TableMapping& mapping,
                                  const cv::Point2d& centre_mm, double angle_rad, double side_mm,
                                  double height_mm) const {
  return Read(image, mapping, centre_mm, angle_rad, side_mm, height_mm, {},
              options_.look_supersample, false);
}

TileFace TileFaceClassifier::Read(const cv::Mat& image, const calibration::TableMapping& mapping,
                                  const cv::Point2d& centre_mm, double angle_rad, double side_mm,
                                  double height_mm, const std::vector<cv::Vec3d>& occluders,
                                  int supersample, bool read_through_occluders) const {
  const int n = options_.cells;
  const int sub = supersample;
  const int fine = n * sub;  // samples across
  const double reach = options_.face_reach * side_mm;
  const cv::Point2d across(std::cos(angle_rad), std::sin(angle_rad));  // the art's x at turn 0
  const cv::Point2d up(-across.y, across.x);                           // the art's y
  // Project a coarse lattice exactly; the samples between follow it bilinearly (the lens
  // bends a tile's few dozen pixels by far less than a hundredth of a pixel).
  constexpr int kLattice = 8;
  std::vector<cv::Vec3d> lattice;
  for (int row = 0; row <= kLattice; ++row) {
    for (int column = 0; column <= kLattice; ++column) {
      const cv::Point2d at = centre_mm + reach * ((column / double(kLattice) - 0.5) * across +
                                                  (0.5 - row / double(kLattice)) * up);
      lattice.emplace_back(at.x, at.y, height_mm);
    }
  }
  const std::vector<cv::Point2d> lattice_px = mapping.TableToImage(lattice);
  std::vector<cv::Vec3f> colours(static_cast<size_t>(n * n), cv::Vec3f(0, 0, 0));
  std::vector<float> visible(static_cast<size_t>(n * n), 1.0f);
  const float per_cell = 1.0f / static_cast<float>(sub * sub);
  for (int fy = 0; fy < fine; ++fy) {
    const double v = (fy + 0.5) / fine * kLattice;
    const int r = std::min(kLattice - 1, static_cast<int>(v));
    const double ty = v - r;
    for (int fx = 0; fx < fine; ++fx) {
      const double u = (fx + 0.5) / fine * kLattice;
      const int c = std::min(kLattice - 1, static_cast<int>(u));
      const double tx = u - c;
      const auto at = [&](int rr, int cc) {
        return lattice_px[static_cast<size_t>(rr * (kLattice + 1) + cc)];
      };
      const cv::Point2d pixel = (1 - ty) * ((1 - tx) * at(r, c) + tx * at(r, c + 1)) +
                                ty * ((1 - tx) * at(r + 1, c) + tx * at(r + 1, c + 1));
      const size_t cell = static_cast<size_t>((fy / sub) * n + fx / sub);
      colours[cell] += per_cell * SampleColour(image, pixel.x, pixel.y);
      for (const cv::Vec3d& disc : occluders) {
        const double dx = pixel.x - disc[0];
        const double dy = pixel.y - disc[1];
        // The square around the disc first: most samples lie far from it.
        if (std::abs(dx) <= disc[2] && std::abs(dy) <= disc[2] && std::hypot(dx, dy) <= disc[2])
          visible[cell] = 0;
      }
    }
  }
  const double px_per_mm = mapping.PixelsPerMm({centre_mm.x, centre_mm.y, height_mm});
  const TemplateSet& set = TemplatesFor(px_per_mm);
  TileFace result = Match(set, colours, visible);
  if (!result.recognised && read_through_occluders && options_.min_occluder_cells > 0 &&
      result.hidden <= options_.max_hidden && result.score >= options_.min_occluded_first_match) {
    // Read as no tile: something may lie over part of it (a hand, an arm). For each of the
    // best readings, the large regions reaching in from the border that differ from its art
    // are left out, as under a coin, and the face read again: kept when it reads as that tile.
    std::vector<TileReading> readings = result.alternatives;
    readings.insert(readings.begin(),
                    {result.side, result.suit, result.rank, result.quarter_turns, result.score});
    std::vector<std::vector<float>> tried;  // the cells left out, once each
    for (const cv::Vec3f& face : PlainColours(set, colours, visible)) {
      for (const TileReading& reading : readings) {
        std::vector<float> uncovered = visible;
        if (HideForeignCells(set, colours, face, reading, uncovered) <
                options_.min_occluded_share ||
            std::find(tried.begin(), tried.end(), uncovered) != tried.end())
          continue;
        tried.push_back(uncovered);
        TileFace again = Match(set, colours, uncovered);
        if (!again.recognised || again.score < options_.min_occluded_match ||
            again.side != reading.side || again.suit != reading.suit || again.rank != reading.rank)
          continue;
        if (!result.recognised || again.score > result.score) result = std::move(again);
      }
    }
  }
  return result;
}

TileFace TileFaceClassifier::Match(const TemplateSet& set, const std::vector<cv::Vec3f>& colours,
                                   const std::vector<float>& visible) const {
  const int n = options_.cells;
  TileFace result;
  std::vector<size_t> seen_cells;  // the cells no occluder touches
  for (size_t i = 0; i < visible.size(); ++i) {
    if (visible[i] > 0) seen_cells.push_back(i);
  }
  result.hidden =
      1.0 - static_cast<double>(seen_cells.size()) / static_cast<double>(visible.size());
  if (result.hidden > options_.max_hidden) return result;
  const bool occluded = seen_cells.size() < visible.size();
  // White balance: the plain cells' median colour.
  cv::Vec3f face;
  for (int c = 0; c < 3; ++c) {
    std::vector<float> channel;
    for (const int i : set.plain_cells) {
      if (visible[static_cast<size_t>(i)] > 0)
        channel.push_back(colours[static_cast<size_t>(i)][c]);
    }
    if (channel.empty()) {
      for (const size_t i : seen_cells) channel.push_back(colours[i][c]);
    }
    face[c] = Median(channel);
  }
  // How far the plain face differs between opposite halves: a square fitted half over a tile
  // and half over the table shows the table's colour in one half.
  for (int axis = 0; axis < 2; ++axis) {
    for (int c = 0; c < 3; ++c) {
      std::vector<float> halves[2];
      for (const int i : set.plain_cells) {
        if (visible[static_cast<size_t>(i)] == 0) continue;
        const int along = axis == 0 ? i % n : i / n;
        halves[along < n / 2 ? 0 : 1].push_back(colours[static_cast<size_t>(i)][c]);
      }
      if (halves[0].empty() || halves[1].empty()) continue;
      result.half_contrast =
          std::max(result.half_contrast, std::abs(static_cast<double>(Median(halves[0])) -
                                                  static_cast<double>(Median(halves[1]))) /
                                             std::max(1.0, static_cast<double>(face[c])));
    }
  }
  // The best template against the face white-balanced by `plain` (per cell, or one for all).
  const auto match = [&](const std::vector<cv::Vec3f>& plain, TileFace& read) {
    std::vector<cv::Vec3f> balanced;
    std::vector<float> shape;
    ToInk(colours, plain, balanced, shape);
    // Hidden cells take the mean of the seen ones, so that they add nothing to a correlation.
    if (occluded) {
      double mean = 0;
      for (const size_t i : seen_cells) mean += shape[i];
      mean /= static_cast<double>(seen_cells.size());
      for (size_t i = 0; i < shape.size(); ++i) {
        if (visible[i] == 0) shape[i] = static_cast<float>(mean);
      }
    }
    Normalise(shape);

    struct Scored {
      const Template* entry;
      int turn;
      double score;
    };
    std::vector<Scored> scored;
    scored.reserve(set.templates.size() * 4);
    for (const Template& entry : set.templates) {
      for (int turn = 0; turn < 4; ++turn) {
        const std::vector<float>& ink = entry.ink[static_cast<size_t>(turn)];
        double correlation = Dot(shape, ink);
        // The mean colour of the seen cells the art inks.
        cv::Vec3f colour_sum(0, 0, 0);
        float inked = 0;
        for (const int i : entry.inked[static_cast<size_t>(turn)]) {
          if (visible[static_cast<size_t>(i)] == 0) continue;
          colour_sum += balanced[static_cast<size_t>(i)];
          inked += 1;
        }
        if (occluded) {
          // The template over the seen cells only: zero mean and unit norm there (the face's
          // hidden cells are zero after normalising, so the correlation needs the norm alone).
          double sum = 0;
          double squares = 0;
          for (const size_t i : seen_cells) {
            sum += ink[i];
            squares += static_cast<double>(ink[i]) * ink[i];
          }
          const double count = static_cast<double>(seen_cells.size());
          const double norm = std::sqrt(std::max(1e-12, squares - sum * sum / count));
          double centred = 0;
          for (const size_t i : seen_cells) centred += shape[i] * (ink[i] - sum / count);
          correlation = centred / norm;
        }
        const cv::Vec3f seen = inked > 0 ? colour_sum / inked : cv::Vec3f(1, 1, 1);
        const double misfit = cv::norm(seen - entry.ink_colour);
        scored.push_back({&entry, turn, correlation - options_.colour_weight * misfit});
        if (entry.side == "back") break;  // the same at every quarter turn
      }
    }
    std::sort(scored.begin(), scored.end(),
              [](const Scored& a, const Scored& b) { return a.score > b.score; });
    const Scored& best = scored.front();
    double runner_up = -1;
    read.alternatives.clear();
    std::vector<const Template*> listed = {best.entry};
    for (const Scored& other : scored) {
      if (read.alternatives.size() >= kAlternatives) break;
      if (std::find(listed.begin(), listed.end(), other.entry) != listed.end()) continue;
      if (listed.size() == 1) runner_up = other.score;
      listed.push_back(other.entry);
      read.alternatives.push_back(
          {other.entry->side, other.entry->suit, other.entry->rank, other.turn, other.score});
    }
    read.score = best.score;
    read.margin = best.score - runner_up;
    read.recognised = best.score >= options_.min_match;
    read.side = best.entry->side;
    read.suit = best.entry->suit;
    read.rank = best.entry->rank;
    read.quarter_turns = best.turn;
    read.confidence = TileReadingConfidence(read.margin);
  };
  match({face}, result);
  if (!result.recognised && options_.local_face_cells > 0 &&
      result.score >= options_.min_shaded_match) {
    // Unrecognised white-balanced as a whole: balanced cell by cell, in case a shadow lies
    // across the face (its art reads clearly either side of the shadow's edge).
    TileFace shaded = result;
    match(LocalFace(colours, visible, set.plain_cells, n, options_.local_face_cells,
                    kMinLocalPlainCells, face),
          shaded);
    if (shaded.recognised) result = shaded;
  }
  return result;
}

std::vector<cv::Vec3f> TileFaceClassifier::PlainColours(const TemplateSet& set,
                                                        const std::vector<cv::Vec3f>& colours,
                                                        const std::vector<float>& visible) const {
  std::vector<cv::Vec3f> plain;
  for (const int i : set.plain_cells) {
    if (visible[static_cast<size_t>(i)] > 0) plain.push_back(colours[static_cast<size_t>(i)]);
  }
  if (plain.size() < 2) return {};
  const auto median = [](const std::vector<cv::Vec3f>& values) {
    cv::Vec3f middle;
    for (int c = 0; c < 3; ++c) {
      std::vector<float> channel;
      for (const cv::Vec3f& v : values) channel.push_back(v[c]);
      middle[c] = Median(channel);
    }
    return middle;
  };
  // Two groups (2-means from the brightest and the darkest cell): the tile's face and what
  // covers much of it, either of which may hold the median.
  const auto brightness = [](const cv::Vec3f& v) { return v[0] + v[1] + v[2]; };
  const auto [darkest, brightest] = std::minmax_element(
      plain.begin(), plain.end(),
      [&](const cv::Vec3f& a, const cv::Vec3f& b) { return brightness(a) < brightness(b); });
  std::array<cv::Vec3f, 2> centres = {*brightest, *darkest};
  std::array<std::vector<cv::Vec3f>, 2> groups;
  for (int round = 0; round < 5; ++round) {
    groups[0].clear();
    groups[1].clear();
    for (const cv::Vec3f& v : plain)
      groups[cv::norm(v - centres[0]) <= cv::norm(v - centres[1]) ? 0 : 1].push_back(v);
    for (size_t g = 0; g < 2; ++g) {
      if (!groups[g].empty()) centres[g] = median(groups[g]);
    }
  }
  std::vector<cv::Vec3f> faces = {median(plain)};
  for (size_t g = 0; g < 2; ++g) {
    if (groups[g].size() >= kMinPlainGroupCells) faces.push_back(centres[g]);
  }
  return faces;
}

double TileFaceClassifier::HideForeignCells(const TemplateSet& set,
                                            const std::vector<cv::Vec3f>& colours,
                                            const cv::Vec3f& face, const TileReading& reading,
                                            std::vector<float>& visible) const {
  const int n = options_.cells;
  const auto entry =
      std::find_if(set.templates.begin(), set.templates.end(), [&](const Template& t) {
        return t.side == reading.side && t.suit == reading.suit && t.rank == reading.rank;
      });
  if (entry == set.templates.end()) return 0;
  const int turn = entry->side == "back" ? 0 : reading.quarter_turns;
  // Where the art inks, or borders on ink (a blur of the two), a cell may show its ink, the
  // plain face or anything between; elsewhere the plain face.
  cv::Mat inked = cv::Mat::zeros(n, n, CV_8U);
  for (const int i : entry->inked[static_cast<size_t>(turn)])
    inked.at<unsigned char>(i / n, i % n) = 1;
  cv::dilate(inked, inked, cv::Mat::ones(3, 3, CV_8U));
  const cv::Vec3f plain(1, 1, 1);
  const cv::Vec3f deepest = plain + 2.0f * (entry->ink_colour - plain);
  std::vector<unsigned char> foreign(colours.size(), 0);
  for (size_t i = 0; i < colours.size(); ++i) {
    if (visible[i] == 0) continue;
    cv::Vec3f balanced;
    for (int c = 0; c < 3; ++c) balanced[c] = colours[i][c] / std::max(face[c], 1.0f);
    const int row = static_cast<int>(i) / n;
    const int column = static_cast<int>(i) % n;
    const float off = inked.at<unsigned char>(row, column)
                          ? SegmentDistance(balanced, plain, deepest)
                          : static_cast<float>(cv::norm(balanced - plain));
    foreign[i] = off > options_.foreign_distance;
  }
  const cv::Mat hide = BorderRegions(foreign, n, options_.min_occluder_cells);
  int hidden = 0;
  for (size_t i = 0; i < visible.size(); ++i) {
    if (hide.at<unsigned char>(static_cast<int>(i) / n, static_cast<int>(i) % n) &&
        visible[i] > 0) {
      visible[i] = 0;
      ++hidden;
    }
  }
  return static_cast<double>(hidden) / static_cast<double>(visible.size());
}

}  // namespace tabref::vision
