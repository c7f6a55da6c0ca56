#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/table_mapping.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {

struct TileFaceOptions {
  int cells = 24;              // the face is sampled on cells x cells ...
  int supersample = 3;         // ... each the mean of supersample^2 samples (its area)
  int look_supersample = 2;    // ... or of look_supersample^2 for a first look (Look)
  double face_reach = 0.92;    // the sampled square, as a share of the side (off the edges)
  double colour_weight = 1.5;  // how much the ink's colour counts against its shape
  double min_match = 0.45;     // the best template must match at least this well
  // A face no template matches white-balanced as a whole, though the best matches at least
  // `min_shaded_match`, is matched again white-balanced by the plain cells within this many
  // cells of each (a shadow across it); 0: never. (Most squares no template matches are no
  // tile and match far worse: they are not matched again.)
  int local_face_cells = 9;
  double min_shaded_match = 0.2;
  // Faces hidden (by coins lying on them) beyond this share of their cells are not read.
  double max_hidden = 0.5;
  // A face that reads as no tile is read again, for each of its best readings, without the
  // regions of at least `min_occluder_cells` cells reaching in from its border whose colour,
  // white-balanced, lies further than `foreign_distance` from that reading's art (a hand or an
  // arm over the tile), and kept when they hide at least `min_occluded_share` of it and it
  // reads as that tile at least `min_occluded_match` well; 0 cells: never. (Detection seeds
  // 1030 and 1037: an arm over 35-43 % of the face, read again at 0.87. Seed 1086: a square
  // half over a tile's back in a hand's shadow, 8 % of it left out, read as a back at 0.67.)
  double foreign_distance = 0.25;
  int min_occluder_cells = 20;
  double min_occluded_share = 0.15;
  // ... tried only for faces whose first reading scored at least this (most squares that are
  // no tile score below; detection seeds 1030 and 1037 under an arm 0.22 and 0.11).
  double min_occluded_first_match = 0.0;
  double min_occluded_match = 0.75;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// One reading of a tile's top: its face (suit and value) or its back, and its art's turn.
struct TileReading {
  std::string side;                 // "face" | "back"
  std::optional<std::string> suit;  // on the face
  std::optional<std::string> rank;  // on the face
  int quarter_turns = 0;            // as TileFace::quarter_turns
  double score = 0;                 // as TileFace::score
};

// What a tile's top shows: its face (suit and value) or its back, and how its art is turned.
struct TileFace {
  bool recognised = false;
  std::string side;                 // "face" | "back"
  std::optional<std::string> suit;  // on the face
  std::optional<std::string> rank;  // on the face
  // The art's "up" is the fitted square's angle plus this many quarter turns (0..3; 0 for a
  // back, whose art looks the same at every quarter turn).
  int quarter_turns = 0;
  double hidden = 0;      // share of the face's cells left out (under occluders)
  double score = 0;       // of the best template (shape match minus colour misfit)
  double margin = 0;      // over the best template of another class
  double confidence = 0;  // 0..1
  // The largest difference of the plain (never inked) face's colour between opposite halves,
  // relative to the face's colour, over both axes and the three channels.
  double half_contrast = 0;
  // The best readings as other tiles, best first (a few): what it reads as when another tile
  // of the detection is surely the one it reads as best (tile_identities.h).
  std::vector<TileReading> alternatives;
};

// How sure a reading is whose score beats the next best reading's by `margin`: 0 to 1.
double TileReadingConfidence(double margin);

// Recognises tiles by their printed art: the top face is sampled cell by cell on the tile's
// top plane, white-balanced by the cells no art of the set ever inks, and its ink matched at
// each quarter turn against templates rendered from the set's own art (TileArt) at the
// camera's resolution there.
class TileFaceClassifier {
 public:
  TileFaceClassifier(const PieceSet& set, TileFaceOptions options = {});
  TileFaceClassifier(const TileFaceClassifier& other);
  TileFaceClassifier& operator=(const TileFaceClassifier&) = delete;

  // `angle_rad`: the fitted square's turn (modulo 90 degrees). `occluders`: discs in the
  // image (x, y, radius px) hiding parts of the face (a coin lying on the tile); cells they
  // touch are left out of the match. Safe to call from several threads.
  TileFace Classify(const cv::Mat& image, const calibration::TableMapping& mapping,
                    const cv::Point2d& centre_mm, double angle_rad, double side_mm,
                    double height_mm, const std::vector<cv::Vec3d>& occluders = {}) const;
  // Classify with nothing over the face and fewer samples per cell: a quicker first look,
  // enough to choose among overlapping squares.
  TileFace Look(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& centre_mm, double angle_rad, double side_mm,
                double height_mm) const;

 private:
  struct TemplateSet;
  // `read_through_occluders`: a face that reads as no tile is read again with what covers
  // part of it left out (HideForeignCells).
  TileFace Read(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& centre_mm, double angle_rad, double side_mm, double height_mm,
                const std::vector<cv::Vec3d>& occluders, int supersample,
                bool read_through_occluders) const;
  // Matches the face's cells (`colours`, those with `visible` > 0) against `set`.
  TileFace Match(const TemplateSet& set, const std::vector<cv::Vec3f>& colours,
                 const std::vector<float>& visible) const;
  // Marks invisible the cells of large regions, reaching in from the face's border, whose
  // colour white-balanced by `face` differs from `reading`'s art (see
  // TileFaceOptions::foreign_distance); returns the share of the face newly hidden.
  double HideForeignCells(const TemplateSet& set, const std::vector<cv::Vec3f>& colours,
                          const cv::Vec3f& face, const TileReading& reading,
                          std::vector<float>& visible) const;
  // What the plain face's colour may be: the median of the visible plain cells, and of each
  // of their two groups when something covers much of the face.
  std::vector<cv::Vec3f> PlainColours(const TemplateSet& set, const std::vector<cv::Vec3f>& colours,
                                      const std::vector<float>& visible) const;
  struct Template {
    std::string side;
    std::optional<std::string> suit;
    std::optional<std::string> rank;
    std::array<std::vector<float>, 4> ink;  // per quarter turn: cells, zero mean, unit norm
    std::array<std::vector<int>, 4> inked;  // per quarter turn: the cells the art inks
    cv::Vec3f ink_colour;                   // white-balanced colour of the ink
  };
  struct TemplateSet {
    int key = 0;
    std::vector<Template> templates;
    std::vector<int> plain_cells;  // cells no face template inks at any turn
  };
  // Templates blurred for a camera seeing `px_per_mm` (cached per step of scale).
  const TemplateSet& TemplatesFor(double px_per_mm) const;

  PieceSet set_;
  TileFaceOptions options_;
  mutable std::mutex cache_mutex_;
  mutable std::vector<std::unique_ptr<TemplateSet>> cache_;
};

}  // namespace tabref::vision
