#pragma once

#include <map>
#include <string>
#include <vector>

#include "vision/detect/detection.h"
#include "vision/eval/truth_pieces.h"

namespace tabref::vision {

// How a detection run compares with the ground truth, per kind of piece.
struct KindScore {
  int truths = 0;             // visible pieces of this kind
  int found = 0;              // truths matched by a detection of this kind
  int false_positives = 0;    // detections of this kind matching no truth piece of the kind
  int distractor_hits = 0;    // ... of which on a distractor
  int indistinct_missed = 0;  // pyramids nested flush in one of their colour, not found
  int classified = 0;         // matched pieces whose identity fields were compared
  int identity_correct = 0;   // ... all identity fields right
  std::map<std::string, std::pair<int, int>> field_correct;  // field -> (right, compared)
  std::vector<double> position_errors_mm;
  std::vector<double> normalised_errors;  // error / sigma
  // Tiles: |reported - true turn| in degrees, modulo 360 for a face (its art has an up) and
  // modulo 90 for a back; pyramids upright in both: modulo 90 (a square base).
  std::vector<double> angle_errors_deg;
  std::vector<std::string> misses;      // descriptions of missed pieces
  std::vector<std::string> confusions;  // "coin arms 2 suit at (x, y) seen as coin value - 2 - - -"

  void Add(const KindScore& other);
  double Precision() const;
  double Recall() const;
};

struct DetectionScore {
  std::map<ObservedKind, KindScore> kinds;
  std::vector<double> gap_errors_mm;  // measured minus true footprint gap, close pairs
  // Each such gap's 1-sigma: of the pieces' places relative to each other (RelativeSigma), and
  // of their places on the table (sigma_mm, the calibration's share counted twice).
  std::vector<double> gap_sigmas_mm;
  std::vector<double> gap_table_sigmas_mm;

  void Add(const DetectionScore& other);
};

// Matches detections to truth pieces of the same kind (nearest within `match_mm`, one to
// one) and scores them.
DetectionScore ScoreDetection(const std::vector<TruthPiece>& truth, const Detection& detection,
                              double match_mm = 6);

double Percentile(std::vector<double> values, double fraction);

}  // namespace tabref::vision
