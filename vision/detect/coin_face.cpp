#include "vision/detect/coin_face.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "calibration/median.h"
#include "vision/detect/edge_search.h"
#include "vision/pieces/piece_art.h"

namespace tabref::vision {
namespace {

constexpr int kArtSize = 256;        // template art, pixels across the coin
constexpr double kLensBlurPx = 0.8;  // typical camera blur (lens, demosaicing, compression), px
constexpr double kInked = 0.3;       // darkness from which a template sample counts as ink

// Which channels an ink absorbs: 1 - its colour relative to the plain face, as a unit
// vector. Blur and thin strokes mix ink with the face, which shortens this vector but does
// not turn it, so the direction tells inks apart at any resolution.
cv::Vec3f AbsorptionDirection(const cv::Vec3f& balanced) {
  const cv::Vec3f absorbed(std::max(0.0f, 1 - balanced[0]), std::max(0.0f, 1 - balanced[1]),
                           std::max(0.0f, 1 - balanced[2]));
  const double length = cv::norm(absorbed);
  return length > 1e-6 ? absorbed * static_cast<float>(1 / length) : cv::Vec3f(0, 0, 0);
}

// Colours relative to the plain face (1, 1, 1 where unprinted) and how dark they are.
struct InkMap {
  std::vector<cv::Vec3f> balanced;
  std::vector<float> darkness;
};

// The mean colour of the darkest quarter of the samples under the art's ink (the art turned
// by `shift` sectors): the ink where blur has not mixed it with the face.
cv::Vec3f DarkestInk(const InkMap& ink, const std::vector<float>& mask, int shift, int sectors) {
  std::vector<std::pair<float, size_t>> inked;
  const size_t count = mask.size();
  const auto width = static_cast<size_t>(sectors);
  for (size_t art = 0; art < count; ++art) {
    if (mask[art] < 0.5f) continue;
    const size_t seen = art / width * width + (art % width + static_cast<size_t>(shift)) % width;
    inked.emplace_back(ink.darkness[seen], seen);
  }
  if (inked.empty()) return {1, 1, 1};
  std::sort(inked.begin(), inked.end(), std::greater<>());
  const size_t used = std::max<size_t>(1, inked.size() / 4);
  cv::Vec3f sum(0, 0, 0);
  for (size_t i = 0; i < used; ++i) sum += ink.balanced[inked[i].second];
  return sum / static_cast<float>(used);
}

InkMap ToInk(const std::vector<cv::Vec3f>& colours, const cv::Vec3f& face) {
  InkMap map;
  map.balanced.reserve(colours.size());
  map.darkness.reserve(colours.size());
  for (const cv::Vec3f& colour : colours) {
    cv::Vec3f balanced;
    for (int c = 0; c < 3; ++c) balanced[c] = colour[c] / std::max(face[c], 1.0f);
    map.balanced.push_back(balanced);
    map.darkness.push_back(1.0f - (balanced[0] + balanced[1] + balanced[2]) / 3.0f);
  }
  return map;
}

// Zero mean, unit norm; returns the standard deviation before normalising.
double Normalise(std::vector<float>& values) {
  double mean = 0;
  for (float v : values) mean += v;
  mean /= static_cast<double>(values.size());
  double norm = 0;
  for (float& v : values) {
    v = static_cast<float>(v - mean);
    norm += v * v;
  }
  const double deviation = std::sqrt(norm / static_cast<double>(values.size()));
  if (norm > 0) {
    const float scale = static_cast<float>(1 / std::sqrt(norm));
    for (float& v : values) v *= scale;
  }
  return deviation;
}

// The ring radii (share of the rim radius) and sector angles of the polar samples.
std::vector<double> RingShares(const CoinFaceOptions& options) {
  std::vector<double> shares;
  for (int i = 0; i < options.rings; ++i)
    shares.push_back(options.face_reach * (i + 0.5) / options.rings);
  return shares;
}

}  // namespace

CoinFaceClassifier::CoinFaceClassifier(const PieceSet& set, CoinFaceOptions options)
    : set_(set), options_(options) {}

CoinFaceClassifier::CoinFaceClassifier(const CoinFaceClassifier& other)
    : set_(other.set_), options_(other.options_) {}

const std::vector<CoinFaceClassifier::Template>& CoinFaceClassifier::TemplatesFor(
    double px_per_mm) const {
  const int key = static_cast<int>(std::lround(px_per_mm * 10));
  std::lock_guard<std::mutex> lock(cache_mutex_);
  for (const auto& [scale, templates] : cache_) {
    if (scale == key) return templates;
  }
  const double art_px_per_mm = kArtSize / set_.coin_diameter_mm;
  const double blur = std::max(0.5, kLensBlurPx * art_px_per_mm / (key / 10.0));
  const std::vector<double> rings = RingShares(options_);
  const cv::Vec3f face(static_cast<float>(set_.coin_colour[0]),
                       static_cast<float>(set_.coin_colour[1]),
                       static_cast<float>(set_.coin_colour[2]));
  std::vector<Template> templates;
  const auto add = [&](bool suit_side, const std::string& suit, const std::string& rank) {
    cv::Mat art = CoinArt(set_, suit, rank, suit_side, kArtSize);
    cv::GaussianBlur(art, art, cv::Size(0, 0), blur);
    std::vector<cv::Vec3f> colours;
    for (const double share : rings) {
      for (int k = 0; k < options_.sectors; ++k) {
        const double angle = 2 * CV_PI * k / options_.sectors;
        const double r = share * 0.5 * kArtSize;
        colours.push_back(SampleColour(art, 0.5 * kArtSize - 0.5 + r * std::cos(angle),
                                       0.5 * kArtSize - 0.5 - r * std::sin(angle)));
      }
    }
    const InkMap ink = ToInk(colours, face);
    Template entry;
    entry.side = suit_side ? "suit" : "value";
    if (suit_side)
      entry.suit = suit;
    else
      entry.rank = rank;
    entry.ink = ink.darkness;
    entry.mask.resize(ink.darkness.size());
    cv::Vec3f colour_sum(0, 0, 0);
    float inked = 0;
    for (size_t i = 0; i < ink.darkness.size(); ++i) {
      entry.mask[i] = ink.darkness[i] > kInked ? 1.0f : 0.0f;
      colour_sum += entry.mask[i] * ink.balanced[i];
      inked += entry.mask[i];
    }
    entry.ink_direction = AbsorptionDirection(inked > 0 ? colour_sum / inked : cv::Vec3f(1, 1, 1));
    Normalise(entry.ink);
    cv::dft(cv::Mat(options_.rings, options_.sectors, CV_32F, entry.ink.data()), entry.spectrum,
            cv::DFT_ROWS | cv::DFT_COMPLEX_OUTPUT);
    templates.push_back(std::move(entry));
  };
  for (const NamedColour& suit : set_.suits) add(true, suit.name, "");
  for (const std::string& value : set_.values) {
    if (value != "null") add(false, set_.suits.front().name, value);
  }
  cache_.emplace_back(key, std::move(templates));
  return cache_.back().second;
}

CoinFace CoinFaceClassifier::Classify(const cv::Mat& image,
                                      const calibration::TableMapping& mapping,
                                      const cv::Point2d& centre_mm, double radius_mm,
                                      double height_mm) const {
  const std::vector<double> rings = RingShares(options_);
  const int sectors = options_.sectors;
  std::vector<cv::Vec3d> points;
  points.reserve(rings.size() * static_cast<size_t>(sectors));
  for (const double share : rings) {
    for (int k = 0; k < sectors; ++k) {
      const double angle = 2 * CV_PI * k / sectors;
      points.emplace_back(centre_mm.x + share * radius_mm * std::cos(angle),
                          centre_mm.y + share * radius_mm * std::sin(angle), height_mm);
    }
  }
  std::vector<cv::Vec3f> colours;
  colours.reserve(points.size());
  for (const cv::Point2d& pixel : mapping.TableToImage(points))
    colours.push_back(SampleColour(image, pixel.x, pixel.y));
  // The plain face: the outer rings, beyond the printed art.
  cv::Vec3f face;
  for (int c = 0; c < 3; ++c) {
    std::vector<double> channel;
    for (size_t i = static_cast<size_t>((options_.rings - 2) * sectors); i < colours.size(); ++i)
      channel.push_back(colours[i][c]);
    face[c] = static_cast<float>(Median(channel));
  }
  const InkMap ink = ToInk(colours, face);
  std::vector<float> shape = ink.darkness;
  const double spread = Normalise(shape);

  CoinFace result;
  if (spread < options_.blank_ink) {
    result.recognised = true;
    result.side = "value";
    result.rank = "null";
    result.score = 1;
    result.confidence = std::clamp(1 - spread / options_.blank_ink, 0.5, 1.0);
    return result;
  }
  const double px_per_mm = mapping.PixelsPerMm({centre_mm.x, centre_mm.y, height_mm});
  const std::vector<Template>& templates = TemplatesFor(px_per_mm);
  struct Scored {
    const Template* entry;
    double score;
    int shift;
  };
  std::vector<Scored> scored;
  const size_t ring_count = rings.size();
  // Correlation at every turn at once: ring by ring in the Fourier domain.
  cv::Mat observed(static_cast<int>(ring_count), sectors, CV_32F, shape.data());
  cv::Mat observed_spectrum;
  cv::dft(observed, observed_spectrum, cv::DFT_ROWS | cv::DFT_COMPLEX_OUTPUT);
  for (const Template& entry : templates) {
    cv::Mat product;
    cv::mulSpectrums(observed_spectrum, entry.spectrum, product, cv::DFT_ROWS, true);
    cv::Mat summed;
    cv::reduce(product, summed, 0, cv::REDUCE_SUM);
    cv::Mat correlation;
    cv::idft(summed, correlation, cv::DFT_SCALE | cv::DFT_REAL_OUTPUT);
    double best = 0;
    cv::Point where;
    cv::minMaxLoc(correlation, nullptr, &best, nullptr, &where);
    const int best_shift = where.x;
    // The ink's colour where this template, so turned, has ink.
    cv::Vec3f colour_sum(0, 0, 0);
    float inked = 0;
    for (size_t i = 0; i < ring_count; ++i) {
      for (int k = 0; k < sectors; ++k) {
        const size_t art = i * static_cast<size_t>(sectors) + static_cast<size_t>(k);
        const size_t seen =
            i * static_cast<size_t>(sectors) + static_cast<size_t>((k + best_shift) % sectors);
        colour_sum += entry.mask[art] * ink.balanced[seen];
        inked += entry.mask[art];
      }
    }
    const cv::Vec3f seen_colour = inked > 0 ? colour_sum / inked : cv::Vec3f(1, 1, 1);
    // The angle between the inks' absorption directions, in radians.
    const double cosine = AbsorptionDirection(seen_colour).dot(entry.ink_direction);
    const double misfit = std::acos(std::clamp(cosine, -1.0, 1.0));
    scored.push_back({&entry, best - options_.colour_weight * misfit, best_shift});
  }
  std::sort(scored.begin(), scored.end(),
            [](const Scored& a, const Scored& b) { return a.score > b.score; });
  const Scored& best = scored.front();
  double runner_up = -1;
  for (const Scored& other : scored) {
    if (other.entry->side != best.entry->side || other.entry->suit != best.entry->suit ||
        other.entry->rank != best.entry->rank) {
      runner_up = other.score;
      break;
    }
  }
  result.score = best.score;
  result.margin = best.score - runner_up;
  result.recognised = best.score >= options_.min_match;
  result.side = best.entry->side;
  result.suit = best.entry->suit;
  result.rank = best.entry->rank;
  result.angle_deg = 360.0 * best.shift / sectors;
  result.confidence = std::clamp(result.margin / 0.2, 0.0, 1.0);
  result.ink_colour = DarkestInk(ink, best.entry->mask, best.shift, sectors);
  return result;
}

}  // namespace tabref::vision
