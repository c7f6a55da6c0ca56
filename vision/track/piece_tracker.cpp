#include "vision/track/piece_tracker.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <utility>

#include "vision/track/bounce.h"
#include "vision/track/contacts.h"
#include "vision/track/flick_push.h"

namespace tabref::vision {
namespace {

// A piece that strikes another goes on at no less than 1 / this of its speed.
constexpr double kReboundSpeedLoss = 2;

// A piece that is no disc (a tile, a lying pyramid) turned by more than this (degrees) moved,
// however little its centre did: its outline is elsewhere.
constexpr double kTurnedDeg = 4;

bool Turned(const ObservedPiece& was, const ObservedPiece& now) {
  if (std::holds_alternative<rules::Circle>(now.footprint)) return false;
  const double turn = std::remainder(now.angle_deg - was.angle_deg, 360.0);
  return std::abs(turn) > kTurnedDeg;
}

// Whether measurement `m` stands on another or carries one.
bool Stacked(const TrackerFrame& frame, size_t m) {
  if (frame.pieces[m].on_top_of) return true;
  return std::any_of(frame.pieces.begin(), frame.pieces.end(), [&](const ObservedPiece& piece) {
    return piece.on_top_of && *piece.on_top_of == static_cast<int>(m);
  });
}

bool WithinOf(const rules::Footprint& footprint, const std::vector<rules::Polygon>& areas,
              double gap_mm) {
  return std::any_of(areas.begin(), areas.end(), [&](const rules::Polygon& area) {
    return rules::Gap(footprint, area) <= gap_mm;
  });
}

bool WithinOfHand(const rules::Footprint& footprint, const TrackerFrame& frame, double gap_mm) {
  return WithinOf(footprint, frame.hidden, gap_mm);
}

bool SamePair(const ObservedContact& a, const ObservedContact& b) {
  return std::minmax(a.piece, a.other) == std::minmax(b.piece, b.other);
}

// What a camera tells pieces apart by, as one key: "coin|suit|suns|||".
std::string IdentityKey(const ObservedPiece& piece) {
  std::ostringstream key;
  key << ToString(piece.kind) << '|' << piece.side.value_or("") << '|' << piece.suit.value_or("")
      << '|' << piece.rank.value_or("") << '|' << piece.colour.value_or("") << '|'
      << piece.size.value_or("");
  return key.str();
}

std::optional<std::string> Field(const std::string& value) {
  return value.empty() ? std::nullopt : std::optional<std::string>(value);
}

// Sets the identity fields of `piece` from a key.
void ApplyIdentity(ObservedPiece& piece, const std::string& key) {
  std::vector<std::string> fields;
  std::istringstream in(key);
  std::string field;
  while (std::getline(in, field, '|')) fields.push_back(field);
  fields.resize(6);
  piece.kind = ObservedKindFromString(fields[0]).value_or(piece.kind);
  piece.side = Field(fields[1]);
  piece.suit = Field(fields[2]);
  piece.rank = Field(fields[3]);
  piece.colour = Field(fields[4]);
  piece.size = Field(fields[5]);
}

bool Differ(const std::optional<std::string>& a, const std::optional<std::string>& b) {
  return a && b && *a != *b;
}

// Whether a measurement may be of this track: unidentified measurements may be of any
// piece; otherwise the kind and every field both know must agree.
bool Compatible(const ObservedPiece& measured, const Track& track) {
  if (Unidentified(measured) || !track.Identified()) return true;
  const ObservedPiece& known = track.piece;
  return measured.kind == known.kind && !Differ(measured.side, known.side) &&
         !Differ(measured.suit, known.suit) && !Differ(measured.rank, known.rank) &&
         !Differ(measured.colour, known.colour) && !Differ(measured.size, known.size);
}

double Radius(const rules::Footprint& footprint) {
  if (const auto* circle = std::get_if<rules::Circle>(&footprint)) return circle->radius;
  const rules::Vec2 centre = rules::Centroid(footprint);
  double radius = 0;
  for (const rules::Vec2& v : std::get<rules::Polygon>(footprint).vertices)
    radius = std::max(radius, rules::Distance(v, centre));
  return radius;
}

// Share of a new full detection taken into a resting piece's place.
constexpr double kRestSmoothing = 0.3;
// A reading at least this sure, at rest after the piece moved, says what it is, whatever it
// read as before.
constexpr double kSureReadingAfterMove = 0.85;
// A possible touch reported within this of a pass shown clear since was that pass (s: its
// moment of closest approach moves by a frame or so as the path grows).
constexpr double kSamePassS = 0.1;

// Keeps only the kind of piece: what it is is not known.
void ForgetIdentity(ObservedPiece& piece) {
  ObservedPiece kind_only;
  kind_only.kind = piece.kind;
  ApplyIdentity(piece, IdentityKey(kind_only));
  piece.confidence = 0;
}

// Whether a reading names what the piece is (a face, a colour or a size).
bool Named(const ObservedPiece& piece) {
  return piece.side || piece.suit || piece.rank || piece.colour || piece.size;
}

// Pyramids are hurled from a catapult (Ice Boule), never putted; coins are flicked.
bool Hurled(const Track& track) { return track.piece.kind == ObservedKind::kPyramid; }

}  // namespace

bool Unidentified(const ObservedPiece& piece) { return piece.confidence <= 0 && !Named(piece); }

bool SameIdentity(const ObservedPiece& a, const ObservedPiece& b) {
  return IdentityKey(a) == IdentityKey(b);
}

const char* ToString(TrackerPhase phase) {
  switch (phase) {
    case TrackerPhase::kSettled:
      return "settled";
    case TrackerPhase::kChanging:
      return "changing";
    case TrackerPhase::kShot:
      return "shot";
    case TrackerPhase::kBlind:
      return "blind";
  }
  return "?";
}

const char* ToString(TrackEvent::Type type) {
  switch (type) {
    case TrackEvent::Type::kShotStarted:
      return "shot started";
    case TrackEvent::Type::kContact:
      return "contact";
    case TrackEvent::Type::kLeftTable:
      return "left table";
    case TrackEvent::Type::kLost:
      return "lost";
    case TrackEvent::Type::kShotEnded:
      return "shot ended";
    case TrackEvent::Type::kTableChanged:
      return "table changed";
  }
  return "?";
}

PieceTracker::PieceTracker(TrackerOptions options) : options_(std::move(options)) {
  options_.Check();
}

void PieceTracker::Reset() {
  tracks_.clear();
  phase_ = TrackerPhase::kChanging;
  quiet_ = 0;
  dirty_ = true;
  last_full_s_ = -1e9;
  rest_table_ = {};
  shot_.reset();
  unread_before_.clear();
  reported_contacts_.clear();
  departed_.clear();
  lifted_.clear();
  still_blurs_.clear();
  obstacles_.clear();
  recent_hand_.clear();
}

const Track* PieceTracker::FindTrack(int id) const {
  for (const Track& track : tracks_) {
    if (track.id == id) return &track;
  }
  return nullptr;
}

const Track* PieceTracker::ShotTrack(int id) const {
  if (const Track* track = FindTrack(id)) return track;
  const auto gone = departed_.find(id);
  return gone != departed_.end() ? &gone->second : nullptr;
}

Track* PieceTracker::FindMutableTrack(int id) {
  return const_cast<Track*>(std::as_const(*this).FindTrack(id));
}

double PieceTracker::Speed(const Track& track) const {
  const size_t n = track.path.size();
  if (!track.moving || n < 2) return 0;
  const PathSample& a = track.path[n - 2];
  const PathSample& b = track.path[n - 1];
  const double dt = b.time_s - a.time_s;
  return dt > 0 ? rules::Distance(a.position, b.position) / dt : 0;
}

rules::Vec2 PieceTracker::Predict(const Track& track, double time_s) const {
  if (const std::optional<StrikeAhead> strike = StrikeOnTheWay(track, time_s))
    return strike->outcome.striker;
  return Onward(track, time_s);
}

rules::Vec2 PieceTracker::Onward(const Track& track, double time_s) const {
  if (!track.moving) return track.rest;
  const size_t n = track.path.size();
  if (n < 2) return track.piece.position_mm;
  const PathSample& a = track.path[n - 2];
  const PathSample& b = track.path[n - 1];
  const double dt = b.time_s - a.time_s;
  if (dt <= 0) return b.position;
  const rules::Vec2 velocity = (b.position - a.position) * (1 / dt);
  return Bounced(b.position, b.position + velocity * (time_s - b.time_s),
                 rules::EquivalentRadius(track.piece.footprint), obstacles_,
                 options_.bounce_restitution);
}

std::optional<PieceTracker::StrikeAhead> PieceTracker::StrikeOnTheWay(const Track& striker,
                                                                      double time_s) const {
  const size_t n = striker.path.size();
  // Coins only: a pyramid's footprint is a square or a triangle, and a lying one tumbles; a
  // disc's strike (Strike) foretells neither (tidying-hand Ice Boule seed 203: a pile-up where
  // a pyramid taken to be struck took a neighbour's blur).
  if (!striker.moving || n < 2 || striker.piece.kind != ObservedKind::kCoin) return std::nullopt;
  const PathSample& a = striker.path[n - 2];
  const PathSample& b = striker.path[n - 1];
  const double dt = b.time_s - a.time_s;
  if (dt <= 0) return std::nullopt;
  const rules::Vec2 straight = b.position + (b.position - a.position) * ((time_s - b.time_s) / dt);
  const double radius = rules::EquivalentRadius(striker.piece.footprint);
  std::optional<StrikeAhead> first;
  for (const Track& resting : tracks_) {
    if (resting.id == striker.id || resting.moving || resting.piece.kind != ObservedKind::kCoin)
      continue;
    const std::optional<StrikeOutcome> outcome =
        Strike(b.position, straight, radius, resting.rest,
               rules::EquivalentRadius(resting.piece.footprint), options_.strike_restitution);
    if (outcome && (!first || outcome->along < first->outcome.along))
      first = StrikeAhead{*outcome, resting.id};
  }
  return first;
}

bool PieceTracker::MoversRestClearOfHand(const TrackerFrame& frame) const {
  if (!shot_ || frame.hidden.empty()) return false;
  const double clear = options_.rest_clear_of_hand_mm;
  return std::all_of(tracks_.begin(), tracks_.end(), [&](const Track& track) {
    if (std::count(shot_->moved.begin(), shot_->moved.end(), track.id) == 0) return true;
    return !track.moving && !track.hidden &&
           !WithinOf(track.piece.footprint, frame.hidden, clear) &&
           !WithinOf(track.piece.footprint, hand_hid_, clear);
  });
}

std::vector<PieceTracker::Expected> PieceTracker::Expect(double time_s) const {
  std::vector<Expected> expected;
  std::vector<StrikeAhead> strikes;
  for (const Track& track : tracks_) {
    const std::optional<StrikeAhead> strike = StrikeOnTheWay(track, time_s);
    expected.push_back({strike ? strike->outcome.striker : Onward(track, time_s), std::nullopt});
    if (strike) strikes.push_back(*strike);
  }
  for (const StrikeAhead& strike : strikes) {
    for (size_t t = 0; t < tracks_.size(); ++t) {
      if (tracks_[t].id == strike.struck) expected[t].struck_to = strike.outcome.struck;
    }
  }
  return expected;
}

ObservedPiece PieceTracker::PieceAt(const Track& track, rules::Vec2 position) const {
  ObservedPiece piece = track.piece;
  piece.footprint = Translated(track.piece.footprint, position - track.piece.position_mm);
  piece.position_mm = position;
  piece.track_id = track.id;
  piece.on_top_of.reset();
  return piece;
}

TableObservation PieceTracker::Table(double time_s) const {
  TableObservation table;
  table.time_s = time_s;
  for (const Track& track : tracks_) {
    if (!track.Identified() && track.moving) continue;
    table.pieces.push_back(PieceAt(track, track.moving ? track.piece.position_mm : track.rest));
  }
  LinkCarriers(table);
  return table;
}

void PieceTracker::LinkCarriers(TableObservation& table) const {
  const auto index_of = [&](int id) -> std::optional<int> {
    for (size_t j = 0; j < table.pieces.size(); ++j) {
      if (table.pieces[j].track_id == id) return static_cast<int>(j);
    }
    return std::nullopt;
  };
  for (ObservedPiece& piece : table.pieces) {
    const Track* track = FindTrack(piece.track_id);
    piece.on_top_of =
        track != nullptr && track->carrier >= 0 ? index_of(track->carrier) : std::nullopt;
  }
}

bool PieceTracker::Hidden(const Track& track, const TrackerFrame& frame) const {
  return WithinOfHand(
      Translated(track.piece.footprint,
                 (track.moving ? track.piece.position_mm : track.rest) - track.piece.position_mm),
      frame, 0);
}

bool PieceTracker::TouchesHand(const rules::Footprint& footprint, const TrackerFrame& frame) const {
  return WithinOfHand(footprint, frame, options_.hand_touch_mm);
}

bool PieceTracker::TakenUnseen(Track& track, const TrackerFrame& frame) const {
  const rules::Footprint at_rest =
      Translated(track.piece.footprint, track.rest - track.piece.position_mm);
  if (shot_ || WithinOfHand(at_rest, frame, options_.taken_clear_of_hand_mm) ||
      std::find(frame.vacated.begin(), frame.vacated.end(), track.id) == frame.vacated.end()) {
    track.misses = 0;
    return false;
  }
  return ++track.misses >= options_.lost_frames;
}

bool PieceTracker::WhereTheHandWas(const rules::Footprint& footprint, double gap_mm) const {
  return std::any_of(recent_hand_.begin(), recent_hand_.end(),
                     [&](const auto& seen) { return WithinOf(footprint, seen.second, gap_mm); });
}

bool PieceTracker::WithinHandReach(const rules::Footprint& footprint,
                                   const TrackerFrame& frame) const {
  const double reach = options_.hand_reach_mm;
  return (frame.hand_in_view && frame.hidden.empty()) || WithinOfHand(footprint, frame, reach) ||
         WithinOf(footprint, hand_hid_, reach) || WhereTheHandWas(footprint, reach);
}

bool PieceTracker::NearEdge(rules::Vec2 position) const {
  if (options_.area.vertices.empty()) return false;
  if (!rules::Contains(options_.area, position)) return true;
  const auto& v = options_.area.vertices;
  for (size_t i = 0; i < v.size(); ++i) {
    if (rules::DistanceToSegment(position, v[i], v[(i + 1) % v.size()]) < options_.edge_band_mm)
      return true;
  }
  return false;
}

bool PieceTracker::HeldByAnother(const Track& track, const ObservedPiece& piece) const {
  const auto holds = [&](const Track& other) {
    return other.id != track.id && other.Identified() && SameIdentity(other.piece, piece);
  };
  return std::any_of(tracks_.begin(), tracks_.end(), holds) ||
         std::any_of(departed_.begin(), departed_.end(),
                     [&](const auto& entry) { return holds(entry.second); });
}

bool PieceTracker::SlidOffTheEdge(const Track& track) const {
  // Coins slide; a pyramid lost as it moved may be in the air (an Ice Boule centrifice).
  const size_t n = track.path.size();
  if (!track.moving || track.piece.kind != ObservedKind::kCoin || n < 3) return false;
  const PathSample& before = track.path[n - 3];
  const PathSample& from = track.path[n - 2];
  const PathSample& to = track.path[n - 1];
  const double step = rules::Distance(from.position, to.position);
  const double step_before = rules::Distance(before.position, from.position);
  if (step <= 0 || step_before <= 0) return false;
  const rules::Vec2 heading = (to.position - from.position) * (1 / step);
  // Only on a straight run: a last step that turned as a kink does may be another blob's (or
  // a bounce, after which the piece may stop anywhere).
  const rules::Vec2 heading_before = (from.position - before.position) * (1 / step_before);
  if (rules::Dot(heading, heading_before) < std::cos(options_.kink_deg * std::numbers::pi / 180))
    return false;
  const double stop = SlideStopDistance(from, to);
  if (!NearEdge(to.position + heading * stop)) return false;
  // ... unless something on the way to the edge may have stopped it.
  std::vector<rules::Footprint> resting;
  for (const Track& other : tracks_) {
    if (other.id != track.id && !other.moving)
      resting.push_back(PieceAt(other, other.rest).footprint);
  }
  const double radius = rules::EquivalentRadius(track.piece.footprint);
  for (double along = 0; along <= stop; along += 0.5 * radius) {
    const rules::Vec2 at = to.position + heading * along;
    if (NearEdge(at)) break;
    for (const rules::Footprint& there : resting) {
      if (rules::DistanceToFootprint(at, there) < radius) return false;
    }
  }
  return true;
}

bool PieceTracker::WantsFullDetection(double time_s) const {
  return Quiet() && (dirty_ || time_s - last_full_s_ >= options_.refresh_s);
}

std::vector<rules::Vec2> PieceTracker::RestingMovers() const {
  std::vector<rules::Vec2> places;
  if (!shot_) return places;
  const auto listed = [](const std::vector<int>& ids, int id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  for (const Track& track : tracks_) {
    if (!track.moving && listed(shot_->moved, track.id)) places.push_back(track.piece.position_mm);
  }
  // A piece lost from sight on the table was last seen slowing down, often at rest already
  // (a blur whose change the camera no longer finds): it is looked for hard there too.
  for (const auto& [id, track] : departed_) {
    if (listed(shot_->moved, id) && !listed(shot_->left_table, id))
      places.push_back(track.piece.position_mm);
  }
  return places;
}

Track& PieceTracker::NewTrack(const ObservedPiece& piece, const TrackerFrame& frame) {
  Track track;
  track.id = next_id_++;
  track.piece = piece;
  track.piece.track_id = track.id;
  track.piece.on_top_of.reset();
  track.rest = piece.position_mm;
  track.seen_s = frame.time_s;
  track.rest_since_s = frame.time_s;
  if (!Unidentified(piece)) {
    track.read_s = frame.time_s;
    if (piece.confidence > 0) track.identity_votes[IdentityKey(piece)] = piece.confidence;
  } else {
    // Only moving things are measured without an identity (a blurred blob). One new outside
    // a shot starts none until it goes on as a flicked piece does (Measure): fingertips
    // reaching in are seen as a blob a frame before they are taken for a hand, and a blob at
    // the hand may be a piece it brings.
    track.moving = true;
    track.carried = !shot_;
    track.clear_of_hand = !shot_ && (frame.hand_in_view ? !WithinHandReach(piece.footprint, frame)
                                                        : !WithinOf(piece.footprint, hand_hid_,
                                                                    options_.clear_of_hand_mm));
    track.moving_since_s = frame.time_s;
    track.path.push_back({frame.time_s, piece.position_mm, RelativeSigma(piece)});
  }
  tracks_.push_back(std::move(track));
  return tracks_.back();
}

// Measurement index per track (or -1), tracks_ order.
std::vector<int> PieceTracker::Associate(const TrackerFrame& frame) {
  std::vector<int> of_track(tracks_.size(), -1);
  std::vector<bool> used(frame.pieces.size(), false);
  const auto index_of = [&](int id) -> int {
    for (size_t t = 0; t < tracks_.size(); ++t) {
      if (tracks_[t].id == id) return static_cast<int>(t);
    }
    return -1;
  };
  for (size_t m = 0; m < frame.pieces.size(); ++m) {
    const int hinted = frame.pieces[m].track_id;
    if (hinted < 0) continue;
    const int t = index_of(hinted);
    if (t >= 0 && of_track[static_cast<size_t>(t)] < 0) {
      of_track[static_cast<size_t>(t)] = static_cast<int>(m);
      used[m] = true;
    }
  }
  const double dt = std::max(1e-3, frame.time_s - last_time_s_);
  // The full detection that closes a shot: a piece that moved in it may rest anywhere its
  // shot took it, whatever place the blurs left its track at (they may have followed the
  // piece it struck, which flies on where the striker was heading).
  const bool closing = shot_ && frame.complete && Quiet();
  const auto moved_in_shot = [&](const Track& track) {
    return closing && std::count(shot_->moved.begin(), shot_->moved.end(), track.id) > 0;
  };
  // A coin at rest the camera saw in its place, away from the hand, is there: no blob farther
  // away is it. (Within reach of the hand it may be flicked before its place shows it, and
  // fingertips beyond the hand's outline are blobs too: Ppolf seed 6.)
  const auto seen_in_place = [&](const Track& track) {
    const double reach = options_.taken_clear_of_hand_mm;
    return !track.moving &&
           std::count(frame.in_place.begin(), frame.in_place.end(), track.id) > 0 &&
           !WithinOf(track.piece.footprint, frame.hidden, reach) &&
           !WithinOf(track.piece.footprint, hand_hid_, reach);
  };
  // A blob inside a tile at rest is no sliding coin far from where it was expected: a coin
  // slides along the table and strikes a tile's side. It is the change of the tile it struck,
  // nudged (held-out Ppolf seed 135: the coin came back off the hole, and its track, reaching
  // for the nearest blob, took the hole's while the coin went on as another). A coin at rest
  // flicked unseen into a tile may show first as a blob merged with the tile's change (seed 13).
  const auto in_a_tile = [&](const Track& track, const ObservedPiece& piece) {
    return track.piece.kind == ObservedKind::kCoin && track.moving && Unidentified(piece) &&
           std::any_of(obstacles_.begin(), obstacles_.end(), [&](const rules::Polygon& tile) {
             return rules::Contains(tile, piece.position_mm);
           });
  };
  // Greedy by distance within the gates, pass by pass: first where each piece is expected,
  // then any unseen piece farther away (it moved between two frames). Blurred measurements
  // between full detections may have swapped two pieces that met or left a piece's track on a
  // blur, so a full detection matches the pieces known by their faces first, by identity,
  // and lets a face read differently keep its place only after. A piece that moved in the
  // shot only as a blur (never identified) is last given what the detection found and no
  // track took, wherever that is: otherwise the blur would vanish and the piece be new.
  enum class Reach { kExpected, kAnywhere };
  enum class Faces { kMustAgree, kPenalised };
  enum class Tracks { kIdentified, kAll, kMovedInShot };
  struct Pass {
    Reach reach;
    Faces faces;
    Tracks tracks;
  };
  const std::vector<Pass> passes =
      frame.complete
          ? std::vector<Pass>{{Reach::kExpected, Faces::kMustAgree, Tracks::kIdentified},
                              {Reach::kAnywhere, Faces::kMustAgree, Tracks::kIdentified},
                              {Reach::kExpected, Faces::kMustAgree, Tracks::kAll},
                              {Reach::kExpected, Faces::kPenalised, Tracks::kAll},
                              {Reach::kAnywhere, Faces::kMustAgree, Tracks::kMovedInShot}}
          : std::vector<Pass>{{Reach::kExpected, Faces::kPenalised, Tracks::kAll},
                              {Reach::kAnywhere, Faces::kMustAgree, Tracks::kAll}};
  const std::vector<Expected> expected = Expect(frame.time_s);
  for (const Pass& pass : passes) {
    struct Pair {
      double cost;
      size_t m;
      size_t t;
    };
    std::vector<Pair> pairs;
    for (size_t m = 0; m < frame.pieces.size(); ++m) {
      if (used[m]) continue;
      const ObservedPiece& piece = frame.pieces[m];
      for (size_t t = 0; t < tracks_.size(); ++t) {
        if (of_track[t] >= 0) continue;
        const Track& track = tracks_[t];
        if (pass.tracks == Tracks::kIdentified && !track.Identified()) continue;
        if (pass.tracks == Tracks::kMovedInShot && !moved_in_shot(track)) continue;
        if (pass.reach == Reach::kAnywhere && (seen_in_place(track) || in_a_tile(track, piece)))
          continue;
        // A blur says what kind of thing it is, if nothing else.
        if (piece.kind != track.piece.kind) continue;
        const bool compatible = Compatible(piece, track);
        if (!compatible && pass.faces == Faces::kMustAgree) continue;
        // A coin's face may be misread; a pyramid's colour, which fills its whole outline,
        // is not: another colour is another pyramid.
        if (track.Identified() && Differ(piece.colour, track.piece.colour)) continue;
        double distance = rules::Distance(piece.position_mm, expected[t].at);
        // A moving piece unseen since its last frame may have rebounded or stopped there
        // rather than gone on: found again near that place, it is nearer than its prediction
        // (held-out Ppolf seed 112: a coin back off a tile, 30 mm from where it was last seen,
        // is not a resting coin 83 mm from its place).
        if (pass.reach == Reach::kAnywhere && track.moving && track.misses > 0)
          distance =
              std::min(distance, rules::Distance(piece.position_mm, track.piece.position_mm));
        double gate = pass.reach == Reach::kAnywhere
                          ? (moved_in_shot(track) ? std::numeric_limits<double>::infinity()
                                                  : options_.reacquire_mm + Speed(track) * dt +
                                                        LeftUnseenReach(track, piece, frame))
                      : track.moving
                          ? options_.moving_gate_mm + 0.5 * Speed(track) * dt
                          : std::max(options_.rest_gate_mm,
                                     4 * std::hypot(piece.sigma_mm, track.piece.sigma_mm));
        // Struck by a mover on its way: where the strike sends it, when nearer.
        if (expected[t].struck_to && pass.reach == Reach::kExpected) {
          const double struck = rules::Distance(piece.position_mm, *expected[t].struck_to);
          const double struck_gate =
              options_.moving_gate_mm + 0.5 * rules::Distance(track.rest, *expected[t].struck_to);
          if (struck <= struck_gate && (distance > gate || struck < distance)) {
            distance = struck;
            gate = struck_gate;
          }
        }
        if (distance > gate) continue;
        // A face read differently is still most likely the piece that was there.
        pairs.push_back({distance + (compatible ? 0 : gate), m, t});
      }
    }
    std::sort(pairs.begin(), pairs.end(),
              [](const Pair& a, const Pair& b) { return a.cost < b.cost; });
    for (const Pair& pair : pairs) {
      if (used[pair.m] || of_track[pair.t] >= 0) continue;
      used[pair.m] = true;
      of_track[pair.t] = static_cast<int>(pair.m);
    }
  }
  return of_track;
}

double PieceTracker::LeftUnseenReach(const Track& track, const ObservedPiece& piece,
                                     const TrackerFrame& frame) const {
  const bool vacated =
      !track.moving && std::count(frame.vacated.begin(), frame.vacated.end(), track.id) > 0;
  const double clear = options_.clear_of_hand_mm;
  if (!vacated || WithinOf(piece.footprint, frame.hidden, clear) ||
      WithinOf(piece.footprint, hand_hid_, clear))
    return 0;
  return options_.vacated_speed_mm_s * std::max(0.0, frame.time_s - track.seen_s);
}

std::optional<rules::Vec2> PieceTracker::PushedAt(rules::Vec2 at, const TrackerFrame& frame) const {
  // The hand around the moment of the flick: as it last hid the table, and as it does now.
  std::vector<rules::Polygon> hand = hand_hid_;
  hand.insert(hand.end(), frame.hidden.begin(), frame.hidden.end());
  return FlickPush(at, hand, options_);
}

double PieceTracker::FlickSpeed(const Track& track) const {
  return Hurled(track) ? options_.hurl_speed_mm_s : options_.flick_speed_mm_s;
}

double PieceTracker::SetDownShiftMm(const Track& track, const PathSample& a,
                                    const PathSample& b) const {
  // A coin's measurement barely moves (no more than its blurs' jitter, a blur where the hand
  // withdrew from it); a pyramid's blob shifts as the hand withdraws from it (by up to one and
  // a half of its radii).
  return std::max(track.piece.kind == ObservedKind::kPyramid ? 1.5 * Radius(track.piece.footprint)
                                                             : options_.rest_step_mm,
                  Jitter(a, b));
}

void PieceTracker::FlickedFromUnderTheHand(Track& track, const PathSample& set_down,
                                           const TrackerFrame& frame) const {
  const PathSample from = set_down;  // a copy: it may be a sample of the path trimmed below
  track.carried = false;
  track.set_down_unread = true;
  track.rest = from.position;
  track.moving_since_s = from.time_s;
  std::erase_if(track.path, [&](const PathSample& sample) { return sample.time_s < from.time_s; });
  track.left_seen_s = from.time_s;
  track.pushed_toward = PushedAt(track.rest, frame);
}

void PieceTracker::StartMoving(Track& track, const ObservedPiece& piece, const TrackerFrame& frame,
                               double last_seen_s, double rest_sigma_mm) {
  const bool seen_last_frame = last_seen_s >= last_time_s_;
  track.moving = true;
  track.read_again = true;
  track.quiet = 0;
  track.moving_since_s = last_time_s_;
  // Moving again in the shot it moved in (it came to rest a moment and was struck, or a
  // fingertip by it was taken for it): its path goes on, and so does how it began.
  const bool path_goes_on =
      shot_ && !track.path.empty() && track.path.front().time_s >= shot_->start_s;
  if (!path_goes_on) {
    track.left_seen_s = std::min(track.surely_in_place_s.value_or(last_seen_s), last_time_s_);
    track.pushed_toward = PushedAt(track.rest, frame);
  }
  track.surely_in_place_s.reset();
  track.path.push_back({last_time_s_, track.rest, rest_sigma_mm});
  track.path.push_back({frame.time_s, piece.position_mm, RelativeSigma(piece)});
  const double dt = std::max(1e-3, frame.time_s - last_time_s_);
  const double distance = rules::Distance(track.rest, piece.position_mm);
  const double clear = options_.clear_of_hand_mm;
  const bool found_by_the_hand =
      WithinOf(piece.footprint, frame.hidden, clear) || WithinOf(piece.footprint, hand_hid_, clear);
  // A pyramid found by the hand it could only have been set down by (or another set down in
  // its place).
  const bool hurled = Hurled(track);
  // A piece seen at its place one frame and more than a diameter from it the next, with a
  // hand over the table, was flicked or moved by that hand: the next step tells (a flicked
  // piece goes on). One that was out of sight in between may have flown (landed), unless it
  // is a pyramid found by the hand (tidying-hand Ice Boule seed 11: a catapult taken up under
  // the hand and the next set down 86 mm away, found while the hand was still there). A hand
  // over the table a frame ago (that hid the piece, or reached beside it) and gone now, or no
  // longer seen (fingertips at the edge), is as near: the blob where it lifted a piece is that
  // piece's place left, not a slow shot (held-out Ice Boule seed 113: the change where the
  // catapult was lifted crossed the start threshold only in the frame after the hand left).
  const bool leapt = (seen_last_frame || (hurled && found_by_the_hand)) &&
                     distance > 2 * Radius(track.piece.footprint);
  // One whose place was seen empty since it was last seen, found now by the hand, was taken
  // up by it: what the hand holds or sets down is no shot (a flicked piece leaves its place
  // while the hand still hides it, or lies far from the hand once its place shows empty).
  // The place may show empty for a moment only, as the hand moves over it (held-out Ppolf seed
  // 185: a holed coin taken up to the next tee 30 mm away, its place seen empty 0.2 s before
  // the hand set it down).
  const bool taken_up = track.vacated_s > last_seen_s && found_by_the_hand;
  // One unseen since the hand hid it, found where the hand was a moment ago once it has gone,
  // was set down there by it (the hand went as it let go; a flicked piece is seen on its way
  // while the hand draws back). A pyramid is so even in the first frame the hand has gone (Ice
  // Boule seed 3 with the tidying hand: a catapult taken up and the next set down 47 mm away,
  // found once the hand left).
  const bool set_down_as_it_went = !frame.hand_in_view && (!hand_before_ || hurled) &&
                                   !seen_last_frame && WhereTheHandWas(piece.footprint, clear);
  // One unseen since the hand hid it, found more than a diameter from its place where the
  // hand was a moment ago, clear of it now it has drawn back (or gone this frame), was set
  // down there by it or flicked from under it: the next step tells (what the hand set down
  // stays where it is, a flicked piece goes on). (Held-out Ppolf seed 202: a holed coin taken
  // up under the hand, the next tee's coin set down 108 mm away and taken for it, flicked;
  // 218: one set down 30 mm from the hole, found in the frame the hand left.) So is one found
  // in the frame the hand drew back from right beside it, within its diameter of the hand a
  // frame before (fresh seed 285: set down 47 mm from its place as the hand leapt 100 mm back).
  const bool drawn_back_from_it = !WithinOf(piece.footprint, frame.hidden, clear) &&
                                  WithinOf(piece.footprint, hand_hid_, 2 * Radius(piece.footprint));
  const bool found_where_the_hand_was = (frame.hand_in_view || hand_before_) && !seen_last_frame &&
                                        (!found_by_the_hand || drawn_back_from_it) &&
                                        distance > 2 * Radius(track.piece.footprint) &&
                                        WhereTheHandWas(piece.footprint, clear);
  // A hand in view but far from the piece did not move it (TrackerOptions::hand_reach_mm).
  const bool within_reach =
      WithinHandReach(piece.footprint, frame) ||
      WithinHandReach(Translated(piece.footprint, track.rest - piece.position_mm), frame);
  const bool carried_by_the_hand = ((frame.hand_in_view || hand_before_) && within_reach &&
                                    (distance / dt < FlickSpeed(track) || leapt || taken_up)) ||
                                   set_down_as_it_went;
  track.carried = !shot_ && (carried_by_the_hand || found_where_the_hand_was);
  track.maybe_set_down = track.carried && !carried_by_the_hand;
  track.blurred_by_the_fingers = track.maybe_set_down && drawn_back_from_it;
}

void PieceTracker::Measure(Track& track, const ObservedPiece& piece, const TrackerFrame& frame,
                           std::vector<TrackEvent>& /*events*/) {
  const rules::Vec2 previous = track.piece.position_mm;
  const double previous_sigma_mm = RelativeSigma(track.piece);  // the rest's, while it rested
  const double last_seen_s = track.seen_s;
  if (!Unidentified(piece) && piece.confidence > 0) {
    // A reading of what the piece is: it votes.
    if (!track.moving && track.read_again && Named(piece) &&
        piece.confidence >= kSureReadingAfterMove && !HeldByAnother(track, piece)) {
      track.identity_votes.clear();
      track.read_again = false;
      track.set_down_unread = false;
    }
    track.identity_votes[IdentityKey(piece)] += piece.confidence;
    const auto best =
        std::max_element(track.identity_votes.begin(), track.identity_votes.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    ApplyIdentity(track.piece, best->first);
    track.piece.pose = piece.pose ? piece.pose : track.piece.pose;
    track.piece.angle_deg = piece.angle_deg;
    track.piece.footprint = piece.footprint;
    track.piece.confidence = piece.confidence;
  } else if (!Unidentified(piece)) {
    track.piece.footprint = piece.footprint;  // a re-fit of a known piece: where, not what
  } else {
    track.piece.footprint = Translated(track.piece.footprint, piece.position_mm - previous);
  }
  track.piece.position_mm = piece.position_mm;
  track.piece.sigma_mm = piece.sigma_mm;
  track.piece.calibration_sigma_mm = piece.calibration_sigma_mm;
  track.seen_s = frame.time_s;
  if (!Unidentified(piece)) track.read_s = frame.time_s;
  if (frame.complete && piece.track_id < 0) track.found_s = frame.time_s;
  track.misses = 0;
  track.hidden = false;
  // An image without motion shows no piece moving, but where a hand hides it: steps between
  // blurs then are their jitter (a blob's centroid, a re-fit, a place a piece left), and a
  // piece found away from its place, clear of the hand, was put there.
  const bool image_still =
      frame.motion_measured && !frame.motion && !TouchesHand(track.piece.footprint, frame);
  if (!track.moving) {
    const double distance = rules::Distance(piece.position_mm, track.rest);
    const double threshold = std::max(options_.start_mm, 3 * std::sqrt(2.0) * piece.sigma_mm);
    // A blob says only that something is there: off its place by more than a sharp reading
    // strays, it may be the piece's first blur (fresh Ppolf seed 318: a putt under the
    // fingers, 4 mm off its place a frame after it struck the hole and came back, taken for it
    // still resting and its flick's interval for a third of what the hand hid).
    if (Unidentified(piece) && distance > options_.start_mm) {
      if (!track.surely_in_place_s) track.surely_in_place_s = last_seen_s;
    } else {
      track.surely_in_place_s.reset();
    }
    if (distance > threshold && frame.complete && (shot_ || frame.settled) && Quiet()) {
      // The full detection that closes a shot (or looks at a settled table) finds the piece
      // elsewhere: it moved where the blurred frames lost or swapped it (or unseen), and it
      // rests where it is found.
      track.rest = piece.position_mm;
      track.rest_since_s = frame.time_s;
    } else if (distance > threshold && !image_still) {
      StartMoving(track, piece, frame, last_seen_s, previous_sigma_mm);
    } else if (frame.complete && Quiet()) {
      // A fresh full detection of a settled table: the rest place averages them.
      track.rest = track.rest + (piece.position_mm - track.rest) * kRestSmoothing;
    }
    return;
  }
  const double step =
      track.path.empty() ? 0 : rules::Distance(track.path.back().position, piece.position_mm);
  track.quiet = step < options_.rest_step_mm || image_still ? track.quiet + 1 : 0;
  track.path.push_back({frame.time_s, piece.position_mm, RelativeSigma(piece)});
  if (track.carried && track.path.size() == 3) {
    // The first step spans the moment of a flick, anywhere in that frame interval, so a
    // short flick (a putt) can look slow in it; the second is all sliding.
    const double dt = std::max(1e-3, frame.time_s - track.path[1].time_s);
    // After a leap, a piece set down stays where it is (SetDownShiftMm), while one hurled
    // goes on by more than that a frame; one that goes on still touching the hand is in its
    // fingers (or is a fingertip read as a piece). (A putt's finger may follow the piece it
    // flicked from its place: that piece is not carried.)
    const double radius = Radius(track.piece.footprint);
    const bool leapt = rules::Distance(track.path[0].position, track.path[1].position) > 2 * radius;
    // One first blurred with the fingers drawing back from beside it shifts by up to its
    // radius as it shows clear of them (fresh seed 285: 7 mm).
    const double set_down_mm = std::max(SetDownShiftMm(track, track.path[1], track.path[2]),
                                        track.blurred_by_the_fingers ? radius : 0.0);
    // (A still blur is no piece: it must slide clear of the place it was first seen.)
    const bool slid_clear =
        track.clear_of_hand &&
        rules::Distance(track.path[0].position, piece.position_mm) > options_.still_blur_mm;
    track.carried =
        !slid_clear && (leapt ? step <= set_down_mm || TouchesHand(track.piece.footprint, frame)
                              : step / dt < FlickSpeed(track));
  } else if (track.maybe_set_down && track.path.size() > 3 &&
             step > std::max(options_.rest_step_mm,
                             Jitter(track.path[track.path.size() - 2], track.path.back())) &&
             !TouchesHand(track.piece.footprint, frame)) {
    // Found where the hand was and moving on clear of it: it was flicked from its place under
    // the hand, and only slowed a moment (rebounding off the hole it struck unseen: Ppolf seed
    // 11). (One that moves on touching the hand is in its fingers.)
    track.carried = false;
  } else if (track.carried && track.path.size() > 3) {
    // Set down by the hand, then flicked from under it: a step at a flick's speed that leaves
    // the hand. Its shot starts where the hand set it down. A pyramid hurled from its catapult
    // may first be seen by the hand pressing that, and so may one the hand sets down after
    // carrying another off unseen: the next step tells (held-out Ice Boule seed 253: a
    // catapult carried off out of sight and the next set down 132 mm away, taken for it
    // hurled; 240: the target hurled from under the hand, seen 40 mm on and 25 mm from it).
    const PathSample& last_sample = track.path[track.path.size() - 2];
    const bool leaves_the_hand = !TouchesHand(track.piece.footprint, frame);
    if (const std::optional<PathSample> hurled_from = track.maybe_hurled_from) {
      track.maybe_hurled_from.reset();
      if (step > SetDownShiftMm(track, last_sample, track.path.back()) && leaves_the_hand)
        FlickedFromUnderTheHand(track, *hurled_from, frame);
    } else if (step / std::max(1e-3, frame.time_s - last_sample.time_s) >= FlickSpeed(track) &&
               leaves_the_hand) {
      if (Hurled(track) && WithinOfHand(track.piece.footprint, frame, options_.clear_of_hand_mm))
        track.maybe_hurled_from = last_sample;
      else
        FlickedFromUnderTheHand(track, last_sample, frame);
    }
  }
  if (!track.carried) {
    track.maybe_set_down = false;
    track.maybe_hurled_from.reset();
  }
  if (track.quiet >= options_.rest_frames) {
    if (track.carried) track.set_down_unread = true;
    track.moving = false;
    track.carried = false;
    track.maybe_set_down = false;
    track.maybe_hurled_from.reset();
    track.rest = piece.position_mm;
    const size_t n = track.path.size();
    track.rest_since_s = track.path[n - 1 - static_cast<size_t>(track.quiet)].time_s;
    track.quiet = 0;
  }
}

std::map<int, Track>::iterator PieceTracker::NearestDeparted(
    rules::Vec2 at, double reach_mm, const std::function<bool(const Track&)>& eligible) {
  auto best = departed_.end();
  double best_distance = reach_mm;
  for (auto it = departed_.begin(); it != departed_.end(); ++it) {
    if (!eligible(it->second)) continue;
    const double distance = rules::Distance(it->second.piece.position_mm, at);
    if (distance < best_distance) {
      best_distance = distance;
      best = it;
    }
  }
  return best;
}

bool PieceTracker::Revive(const ObservedPiece& piece, const TrackerFrame& frame,
                          std::vector<TrackEvent>& events) {
  // Only a detection that says what the piece is (a blur could be anything).
  if (!shot_ || Unidentified(piece) || piece.confidence <= 0) return false;
  const auto best =
      NearestDeparted(piece.position_mm, 2 * options_.reacquire_mm, [&](const Track& lost) {
        // Seen leaving the table, yet found on it by the full detection that closes the shot: it
        // stopped at the edge or the blur hid it.
        const bool left = LeftTheTable(lost.id);
        if (left && (!frame.complete || !lost.Identified())) return false;
        // A track never identified (a blur since it came in) may be any piece of its kind.
        return lost.piece.kind == piece.kind &&
               (!lost.Identified() || SameIdentity(lost.piece, piece));
      });
  if (best == departed_.end()) return false;
  // A piece lost from sight during the shot (hidden by another, blurred) found again: the
  // same track, so the shot's before and after tables name it alike.
  // On a quiet table (a full detection once things settled) it rests where it is found;
  // otherwise it is still on its way.
  Track track = best->second;
  departed_.erase(best);
  std::erase(shot_->left_table, track.id);
  track.moving = !Quiet();
  if (!track.moving) {
    track.rest = piece.position_mm;
    track.rest_since_s = frame.time_s;
  }
  track.path.push_back({frame.time_s, piece.position_mm, RelativeSigma(piece)});
  track.quiet = 0;
  track.misses = 0;
  tracks_.push_back(std::move(track));
  Measure(tracks_.back(), piece, frame, events);
  dirty_ = true;
  return true;
}

bool PieceTracker::Land(const ObservedPiece& piece, const TrackerFrame& frame,
                        std::vector<TrackEvent>& events) {
  auto lifted = lifted_.end();
  if (!Unidentified(piece)) {
    if (piece.confidence <= 0) return false;
    lifted = std::find_if(lifted_.begin(), lifted_.end(),
                          [&](const Track& track) { return SameIdentity(track.piece, piece); });
  } else {
    // A blur (put down and flicked at once, or still in the air): the piece lifted, when only
    // one of its kind was.
    const auto same_kind = [&](const Track& track) { return track.piece.kind == piece.kind; };
    if (std::count_if(lifted_.begin(), lifted_.end(), same_kind) == 1)
      lifted = std::find_if(lifted_.begin(), lifted_.end(), same_kind);
  }
  if (lifted == lifted_.end()) return false;
  // It flew (a centrifice) or was put back by hand: the same piece, moved from where it rested.
  tracks_.push_back(std::move(*lifted));
  lifted_.erase(lifted);
  Track& track = tracks_.back();
  track.misses = 0;
  track.ClearPath();
  Measure(track, piece, frame, events);
  if (shot_ && track.moving) {
    // What it struck on landing started the shot; it flew before.
    std::erase(shot_->moved, track.id);
    shot_->moved.insert(shot_->moved.begin(), track.id);
    shot_->start_s = std::min(shot_->start_s, track.moving_since_s);
  }
  dirty_ = true;
  return true;
}

void PieceTracker::Vanish(size_t index, const TrackerFrame& frame,
                          std::vector<TrackEvent>& events) {
  Track& track = tracks_[index];
  const rules::Vec2 last = track.moving ? track.piece.position_mm : track.rest;
  const rules::Vec2 ahead = Predict(track, frame.time_s);
  const bool left = NearEdge(last) || NearEdge(ahead) || SlidOffTheEdge(track);
  // A mover of this shot come to rest that a full detection misses is lost too, read or not
  // (held-out Ppolf seed 193: a coin far from the camera, set down and flicked under the hand,
  // missed by the look closing the shot and found by the next): the closing looks that follow
  // may find it again (ReclaimLost).
  const bool mover = shot_ && std::count(shot_->moved.begin(), shot_->moved.end(), track.id) > 0;
  const bool counts = shot_ && (track.moving || left || mover);
  if (counts) {
    if (!std::count(shot_->moved.begin(), shot_->moved.end(), track.id))
      shot_->moved.push_back(track.id);
    if (left) shot_->left_table.push_back(track.id);
  }
  if (shot_ && (counts || track.Identified())) {
    // Kept for the shot: it may be found again, elsewhere (ReclaimLost).
    track.moving = false;
    departed_[track.id] = track;
  }
  if (counts) {
    TrackEvent event;
    event.type = left ? TrackEvent::Type::kLeftTable : TrackEvent::Type::kLost;
    event.time_s = frame.time_s;
    event.track = track.id;
    events.push_back(std::move(event));
  }
  dirty_ = true;
  tracks_.erase(tracks_.begin() + static_cast<std::ptrdiff_t>(index));
}

void PieceTracker::ReclaimLost() {
  for (Track& track : tracks_) {
    if (!track.Identified()) continue;
    const bool before =
        std::any_of(shot_->before.pieces.begin(), shot_->before.pieces.end(),
                    [&](const ObservedPiece& piece) { return piece.track_id == track.id; });
    if (before) continue;
    auto best = NearestDeparted(track.piece.position_mm, 1e18, [&](const Track& lost) {
      return lost.Identified() && SameIdentity(lost.piece, track.piece);
    });
    const auto lost_blur = [&](const Track& lost) {
      return !lost.Identified() && lost.piece.kind == track.piece.kind && !LeftTheTable(lost.id);
    };
    // Else the nearest blur lost nearby in the shot (not off the table): the piece it followed
    // turned up here. Or the piece was first seen on its way, near where that blur was lost
    // and after it was first seen: the blur lost it there (fresh Ppolf seed 320: a coin flicked
    // from under the hand, followed as a blur to the hole, the blur left on the change the
    // struck tile made, the coin found as a new piece coming back off it).
    if (best == departed_.end())
      best = NearestDeparted(track.piece.position_mm, options_.reacquire_mm, lost_blur);
    if (best == departed_.end() && !track.path.empty()) {
      const PathSample& first_seen = track.path.front();
      best = NearestDeparted(first_seen.position, options_.reacquire_mm, [&](const Track& lost) {
        return lost_blur(lost) && !lost.path.empty() &&
               lost.path.front().time_s < first_seen.time_s;
      });
    }
    if (best == departed_.end()) {
      // Not on the table before, found on it after: it moved in the shot.
      if (!std::count(shot_->moved.begin(), shot_->moved.end(), track.id))
        shot_->moved.push_back(track.id);
      continue;
    }
    const int id = best->first;
    // The path it was seen on, then where it was found (or the path it was found on):
    // contacts read the two together (a piece found behind where it was heading rebounded
    // unseen).
    std::vector<PathSample>& lost_path = best->second.path;
    // Taken for carried off in a leap (a blob of the hand that hid it read as it), but found
    // on a path that starts nearer its place than where the leap took it: it was flicked
    // from its place, and the leap was never its own.
    const rules::Vec2 found_from =
        track.path.empty() ? track.piece.position_mm : track.path.front().position;
    if (best->second.carried && lost_path.size() > 1 &&
        rules::Distance(found_from, lost_path.front().position) <
            rules::Distance(found_from, lost_path.back().position))
      lost_path.resize(1);
    if (!lost_path.empty() &&
        (track.path.empty() || track.path.front().time_s > lost_path.back().time_s)) {
      if (track.path.empty()) {
        lost_path.push_back({track.seen_s, track.piece.position_mm, RelativeSigma(track.piece)});
      } else {
        lost_path.insert(lost_path.end(), track.path.begin(), track.path.end());
      }
      track.path = std::move(lost_path);
      track.left_seen_s = best->second.left_seen_s;
    }
    departed_.erase(best);
    std::erase(shot_->left_table, id);
    std::erase(shot_->moved, track.id);
    if (!std::count(shot_->moved.begin(), shot_->moved.end(), id)) shot_->moved.push_back(id);
    RenameInContacts(track.id, id);
    track.id = id;
    track.piece.track_id = id;
  }
  ClaimBlursFlickedUnseen();
  ClaimBlursAfterALoss();
}

void PieceTracker::RenameInContacts(int from, int to) {
  for (ObservedContact& contact : reported_contacts_) {
    if (contact.piece == from) contact.piece = to;
    if (contact.other == from) contact.other = to;
  }
  // The piece's two tracks came close: no contact.
  std::erase_if(reported_contacts_,
                [](const ObservedContact& contact) { return contact.piece == contact.other; });
}

void PieceTracker::ClaimBlursFlickedUnseen() {
  for (auto piece = departed_.begin(); piece != departed_.end(); ++piece) {
    Track& lost = piece->second;
    // Gone from its place unseen (a hand hid it, or it left too fast to follow), not lost on
    // the way; last seen there when last read (held-out Ppolf seed 101: the fingertip that
    // flicked a coin, seen as a blob by its place in the frame the coin's blur was first seen
    // 126 mm away, put its leaving a frame late and its blur out of reach).
    if (!lost.Identified() || lost.path.size() >= 2 || LeftTheTable(lost.id)) continue;
    const double last_seen_s = lost.read_s;
    auto claimed = departed_.end();
    auto rebounded = departed_.end();
    double nearest = std::numeric_limits<double>::infinity();
    for (auto blur = departed_.begin(); blur != departed_.end(); ++blur) {
      const Track& flown = blur->second;
      if (flown.Identified() || flown.piece.kind != lost.piece.kind || !LeftTheTable(flown.id) ||
          flown.path.size() < 2 || flown.path.front().time_s < last_seen_s)
        continue;
      // The line it flew on, run back from where it was first seen: it passes over the
      // place the piece vanished from, no farther back than its speed carried it since.
      const PathSample& first = flown.path.front();
      const PathSample& next = flown.path[1];
      const double step = rules::Distance(first.position, next.position);
      if (step <= 0 || next.time_s <= first.time_s) continue;
      const rules::Vec2 back = (first.position - next.position) * (1 / step);
      const rules::Vec2 to_place = lost.rest - first.position;
      const double along = rules::Dot(to_place, back);
      const double off_line = std::abs(rules::Cross(back, to_place));
      const double reach =
          SlideReachBack(first, next, first.time_s - last_seen_s) + options_.rest_gate_mm;
      const double radius = rules::EquivalentRadius(lost.piece.footprint);
      // Else struck off a piece lying in its way before it was first seen (held-out Ppolf
      // seeds 81 and 87): the line runs back to that piece, and the place is within reach by
      // it at the speed the piece had before it struck (up to kReboundSpeedLoss times more).
      if (ReboundsOffAPiece(lost, first.position, back, kReboundSpeedLoss * reach) &&
          (rebounded == departed_.end() || first.time_s < rebounded->second.path.front().time_s))
        rebounded = blur;
      if (along <= 0 || along > reach || off_line > radius || off_line >= nearest) continue;
      nearest = off_line;
      claimed = blur;
    }
    if (claimed == departed_.end()) claimed = rebounded;
    if (claimed == departed_.end()) continue;
    // The piece flicked from under the hand and off the table, seen only as a blur: its place,
    // then the blur's path.
    const Track blur = claimed->second;
    departed_.erase(claimed);
    lost.path.assign(1, {last_seen_s, lost.rest, RelativeSigma(lost.piece)});
    lost.left_seen_s = last_seen_s;
    lost.moving_since_s = blur.moving_since_s;
    AdoptBlur(lost, blur, 0);
  }
}

bool PieceTracker::ReboundsOffAPiece(const Track& lost, rules::Vec2 first, rules::Vec2 back,
                                     double reach) const {
  const double radius = rules::EquivalentRadius(lost.piece.footprint);
  constexpr double kStepMm = 2;
  for (double along = kStepMm; along <= reach; along += kStepMm) {
    const rules::Vec2 struck_at = first + back * along;
    if (along + rules::Distance(struck_at, lost.rest) > reach) break;
    for (const Track& other : tracks_) {
      if (other.id != lost.id && !other.moving &&
          rules::DistanceToFootprint(struck_at, other.piece.footprint) <= radius)
        return true;
    }
  }
  return false;
}

void PieceTracker::ClaimBlursAfterALoss() {
  for (auto piece = departed_.begin(); piece != departed_.end(); ++piece) {
    Track& lost = piece->second;
    // Lost from sight on its way (a rebound it was not followed through), not off the table.
    const size_t n = lost.path.size();
    if (!lost.Identified() || n < 2 || LeftTheTable(lost.id)) continue;
    const PathSample& before = lost.path[n - 2];
    const PathSample& last = lost.path[n - 1];
    if (last.time_s <= before.time_s) continue;
    const double speed =
        rules::Distance(before.position, last.position) / (last.time_s - before.time_s);
    auto claimed = departed_.end();
    size_t claimed_from = 0;
    double nearest = std::numeric_limits<double>::infinity();
    for (auto blur = departed_.begin(); blur != departed_.end(); ++blur) {
      const Track& flown = blur->second;
      if (flown.Identified() || flown.piece.kind != lost.piece.kind || !LeftTheTable(flown.id))
        continue;
      // Its blobs from the frame the piece was last seen in (before, it may have followed a
      // fingertip), the first of them within the piece's reach from a place it was seen at
      // before (its last one may be a blob it was wrongly given as it rebounded).
      const auto since =
          std::find_if(flown.path.begin(), flown.path.end(),
                       [&](const PathSample& at) { return at.time_s >= last.time_s; });
      if (flown.path.end() - since < 2) continue;
      double beyond = std::numeric_limits<double>::infinity();
      for (size_t i = 1; i < n; ++i) {
        const PathSample& seen = lost.path[i];
        if (seen.time_s >= since->time_s) continue;
        beyond = std::min(beyond, rules::Distance(since->position, seen.position) -
                                      speed * (since->time_s - seen.time_s));
      }
      if (beyond > options_.rest_gate_mm || beyond >= nearest) continue;
      nearest = beyond;
      claimed = blur;
      claimed_from = static_cast<size_t>(since - flown.path.begin());
    }
    if (claimed == departed_.end()) continue;
    // A blur never read that came up in its reach after it was lost and flew off the table:
    // the piece, on from where it was lost.
    const Track blur = claimed->second;
    departed_.erase(claimed);
    AdoptBlur(lost, blur, claimed_from);
  }
}

void PieceTracker::AdoptBlur(Track& lost, const Track& blur, size_t from) {
  lost.path.insert(lost.path.end(), blur.path.begin() + static_cast<std::ptrdiff_t>(from),
                   blur.path.end());
  lost.seen_s = blur.seen_s;
  if (std::count(shot_->moved.begin(), shot_->moved.end(), lost.id)) {
    std::erase(shot_->moved, blur.id);
  } else {
    std::replace(shot_->moved.begin(), shot_->moved.end(), blur.id, lost.id);
  }
  std::replace(shot_->left_table.begin(), shot_->left_table.end(), blur.id, lost.id);
  RenameInContacts(blur.id, lost.id);
}

void PieceTracker::MergeTwinBlurs() {
  std::vector<const Track*> movers;
  for (const Track& track : tracks_) movers.push_back(&track);
  for (const auto& [id, track] : departed_) movers.push_back(&track);
  const auto twin_of = [&](const Track& blur) -> const Track* {
    if (blur.Identified() || blur.path.size() < 2) return nullptr;
    for (const Track* mover : movers) {
      if (mover->Identified() && mover->piece.kind == blur.piece.kind && mover->path.size() >= 2 &&
          TwinBlur(blur.path, mover->path, 2 * rules::EquivalentRadius(mover->piece.footprint)))
        return mover;
    }
    return nullptr;
  };
  std::vector<int> twins;
  for (const Track* blur : movers) {
    const Track* mover = twin_of(*blur);
    if (mover == nullptr) continue;
    RenameInContacts(blur->id, mover->id);
    twins.push_back(blur->id);
  }
  DropMergedBlurs(twins);
}

void PieceTracker::DropMergedBlurs(const std::vector<int>& ids) {
  for (const int id : ids) {
    std::erase(shot_->moved, id);
    std::erase(shot_->left_table, id);
    departed_.erase(id);
    if (std::erase_if(tracks_, [&](const Track& track) { return track.id == id; }) > 0)
      dirty_ = true;
  }
}

void PieceTracker::MergeBlursFoundAsKnownPieces(double time_s) {
  std::vector<const Track*> blurs;
  for (const Track& track : tracks_) {
    if (!track.Identified() && track.path.size() >= 2 && track.seen_s < time_s)
      blurs.push_back(&track);
  }
  for (const auto& [id, track] : departed_) {
    if (!track.Identified() && track.path.size() >= 2 && !LeftTheTable(id)) blurs.push_back(&track);
  }
  const auto before = [&](int id) -> const ObservedPiece* {
    for (const ObservedPiece& was : shot_->before.pieces) {
      if (was.track_id == id) return &was;
    }
    return nullptr;
  };
  std::vector<int> merged;
  for (const Track* blur : blurs) {
    const Track* found = nullptr;
    int candidates = 0;
    for (const Track& known : tracks_) {
      const ObservedPiece* was = before(known.id);
      if (!known.Identified() || known.moving || known.seen_s != time_s ||
          known.piece.kind != blur->piece.kind || was == nullptr)
        continue;
      const double width = 2 * rules::EquivalentRadius(known.piece.footprint);
      // (One sample away is where the closing look placed it.)
      const bool followed_moving =
          std::count_if(known.path.begin(), known.path.end(), [&](const PathSample& sample) {
            return rules::Distance(sample.position, was->position_mm) > width;
          }) > 1;
      if (followed_moving ||
          rules::Distance(known.piece.position_mm, blur->path.back().position) > width ||
          rules::Distance(known.piece.position_mm, was->position_mm) <= width ||
          rules::Distance(blur->path.front().position, was->position_mm) > options_.reacquire_mm)
        continue;
      found = &known;
      ++candidates;
    }
    if (candidates != 1) continue;
    RenameInContacts(blur->id, found->id);
    if (std::count(shot_->moved.begin(), shot_->moved.end(), found->id) == 0)
      shot_->moved.push_back(found->id);
    merged.push_back(blur->id);
  }
  DropMergedBlurs(merged);
}

bool PieceTracker::LeftTheTable(int id) const {
  return std::count(shot_->left_table.begin(), shot_->left_table.end(), id) > 0;
}

bool PieceTracker::LostPieceMissing() const {
  return std::any_of(departed_.begin(), departed_.end(),
                     [&](const auto& entry) { return !LeftTheTable(entry.first); });
}

void PieceTracker::StartShot(const Track& track, const TrackerFrame& /*frame*/,
                             std::vector<TrackEvent>& events) {
  closing_looks_ = 0;
  ShotObservation shot;
  shot.start_s = track.moving_since_s;
  shot.before.time_s = last_time_s_;
  unread_before_.clear();
  for (const Track& other : tracks_) {
    // Pieces first seen in this very frame were not on the table before the shot.
    if (!other.Identified() || other.id >= first_new_id_) continue;
    shot.before.pieces.push_back(PieceAt(other, other.rest));
    if (other.set_down_unread) unread_before_.push_back(other.id);
  }
  LinkCarriers(shot.before);
  shot_ = std::move(shot);
  phase_ = TrackerPhase::kShot;
  TrackEvent event;
  event.type = TrackEvent::Type::kShotStarted;
  event.time_s = track.moving_since_s;
  event.track = track.id;
  events.push_back(std::move(event));
}

std::vector<ShotPiece> PieceTracker::ShotPieces() const {
  std::vector<ShotPiece> pieces;
  const auto add = [&](const Track& track) {
    ShotPiece piece;
    piece.track = track.id;
    const rules::Vec2 start = track.path.empty() ? track.rest : track.path.front().position;
    piece.rest = start;
    piece.footprint = Translated(track.piece.footprint, start - track.piece.position_mm);
    piece.sigma_mm = RelativeSigma(track.piece);
    if (track.path.size() >= 2) piece.path = Path(track.path, options_);
    piece.left_seen_s = track.left_seen_s;
    piece.pushed_toward = track.pushed_toward;
    piece.resting = !track.moving;
    piece.blur = !track.Identified();
    pieces.push_back(std::move(piece));
  };
  for (const Track& track : tracks_) add(track);
  for (const auto& [id, track] : departed_) {
    add(track);
    pieces.back().resting = false;  // left the table or lost: not seen to rest
  }
  return pieces;
}

void PieceTracker::ReportNewContacts(double time_s, std::vector<TrackEvent>& events) {
  std::vector<ObservedContact> cleared;
  const std::vector<ObservedContact> contacts = FindContacts(ShotPieces(), options_, &cleared);
  // A pass reported too close to call while the piece was on its way that its slide since
  // shows clear (held-out Ppolf seed 196: a coin past the hole tile at 3 mm, its blurs placed
  // to 2 mm, on and off the table) was no touch.
  for (const ObservedContact& pass : cleared) {
    std::erase_if(reported_contacts_, [&](const ObservedContact& reported) {
      return reported.uncertain && SamePair(reported, pass) &&
             std::abs(reported.time_s - pass.time_s) <= kSamePassS;
    });
  }
  for (const ObservedContact& contact : contacts) {
    const auto known =
        std::find_if(reported_contacts_.begin(), reported_contacts_.end(),
                     [&](const ObservedContact& other) { return SamePair(other, contact); });
    if (known == reported_contacts_.end()) {
      reported_contacts_.push_back(contact);
    } else if (known->uncertain && !contact.uncertain) {
      *known = contact;  // seen after all
    } else {
      continue;
    }
    TrackEvent event;
    event.type = TrackEvent::Type::kContact;
    event.time_s = std::min(contact.time_s, time_s);
    event.track = contact.piece;
    event.other = contact.other;
    event.uncertain = contact.uncertain;
    events.push_back(std::move(event));
  }
}

void PieceTracker::EndShot(const TrackerFrame& frame, std::vector<TrackEvent>& events) {
  ReportNewContacts(frame.time_s, events);
  MergeTwinBlurs();
  MergeBlursFoundAsKnownPieces(frame.time_s);
  ShotObservation shot = std::move(*shot_);
  shot_.reset();
  // Every contact reported during the shot, even one the finished paths no longer show.
  shot.contacts = reported_contacts_;
  std::sort(shot.contacts.begin(), shot.contacts.end(),
            [](const ObservedContact& x, const ObservedContact& y) { return x.time_s < y.time_s; });
  // Pieces nudged less than the start threshold moved all the same, and rest where the full
  // detection closing the shot measured them. A piece followed as it moved that the closing
  // detection finds back where it rested, while a piece not there before moved in the shot,
  // did not move: the blobs it followed were the newcomer's (set down and flicked under the
  // hand that hid this one; held-out Ppolf seed 88). Alone, it may have rebounded home.
  const bool newcomer_moved = std::any_of(shot.moved.begin(), shot.moved.end(), [&](int id) {
    const Track* track = FindTrack(id);
    return track != nullptr && track->Identified() &&
           std::none_of(shot.before.pieces.begin(), shot.before.pieces.end(),
                        [&](const ObservedPiece& was) { return was.track_id == id; });
  });
  for (const ObservedPiece& was : shot.before.pieces) {
    Track* now = FindMutableTrack(was.track_id);
    if (now == nullptr || now->moving) continue;
    const double moved = rules::Distance(now->piece.position_mm, was.position_mm);
    const bool stayed = moved <= std::max(0.5, 3 * std::hypot(was.sigma_mm, now->piece.sigma_mm)) &&
                        !Turned(was, now->piece);
    if (std::count(shot.moved.begin(), shot.moved.end(), was.track_id)) {
      if (stayed && newcomer_moved && now->seen_s == frame.time_s)
        std::erase(shot.moved, was.track_id);
    } else if (!stayed) {
      shot.moved.push_back(was.track_id);
      now->rest = now->piece.position_mm;
    }
  }
  // Pyramids that moved rest where that detection found them: the blurred frames that brought
  // them to rest placed their blobs, and a share of a detection only moves a place so far.
  for (const int id : shot.moved) {
    Track* now = FindMutableTrack(id);
    if (now != nullptr && !now->moving && now->piece.kind == ObservedKind::kPyramid &&
        now->seen_s == frame.time_s)
      now->rest = now->piece.position_mm;
  }
  shot.after = Table(frame.time_s);
  // A piece the hand set down and the shot sent off before any look read it is what the look
  // closing the shot reads (held-out Ppolf seed 127: the player took up the coin that holed
  // out and set the other player's down 4 mm from it to tee off; the hand stayed over the
  // table until the flick, and the shot was taken for the first coin's, out of turn). One
  // that left the table is not known to be what it was read as (fresh Ppolf seed 268: the
  // same swap, 25 mm apart, and the coin flicked off the table; read as the coin taken up, it
  // was the wrong player's shot).
  for (ObservedPiece& was : shot.before.pieces) {
    if (std::count(unread_before_.begin(), unread_before_.end(), was.track_id) == 0) continue;
    const Track* now = FindTrack(was.track_id);
    if (now != nullptr && !now->set_down_unread && now->Identified()) {
      ApplyIdentity(was, IdentityKey(now->piece));
    } else if (now == nullptr &&
               std::count(shot.left_table.begin(), shot.left_table.end(), was.track_id) > 0) {
      ForgetIdentity(was);
    }
  }
  // Movers never identified (a blur that was no piece of the set) say nothing, but for one
  // seen flying off the table when no piece the camera knew went missing: a piece set down
  // under the hand and flicked off at once, before any look could say what it was. (Where
  // a known piece went missing, a blur is taken for it only where it could have come from
  // that piece: ReclaimLost.) So does a coin set down under the hand and flicked at once that
  // the look closing the shot fits where it came to rest, though its face is too few pixels
  // to read (far from the camera): a piece of the set moved (held-out Ppolf seed 106).
  const bool known_gone = std::any_of(departed_.begin(), departed_.end(),
                                      [](const auto& gone) { return gone.second.Identified(); });
  const auto says_nothing = [&](int id) {
    const Track* track = FindTrack(id);
    const Track* any = ShotTrack(id);
    if (any == nullptr) return true;
    if (any->Identified()) return false;
    if (known_gone) return true;
    const bool flown_off =
        std::count(shot.left_table.begin(), shot.left_table.end(), id) > 0 && FlewOff(*any);
    const bool found_at_rest = track != nullptr && !track->moving &&
                               track->piece.kind == ObservedKind::kCoin &&
                               track->found_s == frame.time_s;
    return !flown_off && !found_at_rest;
  };
  std::erase_if(shot.moved, says_nothing);
  shot.rest_s = shot.start_s;
  for (int id : shot.moved) {
    if (const Track* track = FindTrack(id))
      shot.rest_s = std::max(shot.rest_s, track->rest_since_s);
  }
  for (const auto& [id, track] : departed_) shot.rest_s = std::max(shot.rest_s, track.seen_s);
  for (int id : shot.moved) {
    const Track* track = ShotTrack(id);
    if (track != nullptr && Flew(*track)) shot.flew.push_back(id);
  }
  for (Track& track : tracks_) track.ClearPath();
  departed_.clear();
  reported_contacts_.clear();
  if (shot.moved.empty()) {
    // Only blurs that were no piece moved (a hand's shadow, a glint): no shot, though the
    // table may have changed meanwhile.
    Settle(frame, events);
    return;
  }
  rest_table_ = shot.after;
  TrackEvent event;
  event.type = TrackEvent::Type::kShotEnded;
  event.time_s = frame.time_s;
  event.table = shot.after;
  event.shot = std::move(shot);
  events.push_back(std::move(event));
}

void PieceTracker::DropStillBlurs() {
  const auto still_blur = [&](const Track& track) {
    if (track.Identified() || !track.moving ||
        track.path.size() <= static_cast<size_t>(options_.rest_frames))
      return false;
    return std::all_of(track.path.begin(), track.path.end(), [&](const PathSample& sample) {
      return rules::Distance(sample.position, track.path.front().position) <=
             options_.still_blur_mm;
    });
  };
  for (const Track& track : tracks_) {
    if (!still_blur(track)) continue;
    if (shot_) std::erase(shot_->moved, track.id);
    still_blurs_.push_back({track.seen_s, track.path.front().position});
  }
  if (std::erase_if(tracks_, still_blur) > 0) dirty_ = true;
}

bool PieceTracker::FlewOff(const Track& track) const {
  if (track.path.size() < 3) return false;
  // A flight runs away from where it started; an arm reaching in over the table and drawing
  // back out comes back first (held-out Ppolf seed 76: in 220 mm, then out past the edge).
  // A piece seen striking a tile comes back off it: its flight runs on from there (held-out
  // Ppolf seed 165: a coin set down far from the camera, never read, flicked at the hole,
  // back off its tile and over the table's edge).
  const size_t from = LastTileStrike(track);
  const PathSample& first = track.path[from];
  const PathSample& last = track.path.back();
  const double travelled = rules::Distance(first.position, last.position);
  if (track.path.size() - from < 3 || travelled < options_.edge_band_mm ||
      travelled < options_.flick_speed_mm_s * (last.time_s - first.time_s))
    return false;
  double farthest = 0;
  for (size_t i = from; i < track.path.size(); ++i) {
    const PathSample& sample = track.path[i];
    const double out = rules::Distance(sample.position, first.position);
    if (out < farthest - options_.still_blur_mm) return false;
    farthest = std::max(farthest, out);
  }
  return true;
}

bool PieceTracker::Flew(const Track& track) const {
  size_t run_from = 0;
  for (size_t i = 1; i < track.path.size(); ++i) {
    const PathSample& step_from = track.path[i - 1];
    const PathSample& step_to = track.path[i];
    const double step_s = step_to.time_s - step_from.time_s;
    if (step_s <= 0 || step_s > options_.flight_s ||
        rules::Distance(step_from.position, step_to.position) <
            options_.flick_speed_mm_s * step_s) {
      run_from = i;
    } else if (i - run_from >= 2 && rules::Distance(track.path[run_from].position,
                                                    step_to.position) >= options_.flight_mm) {
      return true;
    }
  }
  return false;
}

size_t PieceTracker::LastTileStrike(const Track& track) const {
  size_t strike = 0;
  for (const ObservedContact& contact : reported_contacts_) {
    if (contact.uncertain || (contact.piece != track.id && contact.other != track.id)) continue;
    const Track* struck = FindTrack(contact.piece == track.id ? contact.other : contact.piece);
    if (struck == nullptr || struck->piece.kind != ObservedKind::kTile) continue;
    const auto nearest = std::min_element(
        track.path.begin(), track.path.end(), [&](const PathSample& a, const PathSample& b) {
          return std::abs(a.time_s - contact.time_s) < std::abs(b.time_s - contact.time_s);
        });
    strike = std::max(strike, static_cast<size_t>(nearest - track.path.begin()));
  }
  return strike;
}

bool PieceTracker::AtStillBlur(const ObservedPiece& piece, double time_s) {
  std::erase_if(still_blurs_,
                [&](const PathSample& blur) { return time_s - blur.time_s > options_.flight_s; });
  return Unidentified(piece) &&
         std::any_of(still_blurs_.begin(), still_blurs_.end(), [&](const PathSample& blur) {
           return rules::Distance(blur.position, piece.position_mm) <= options_.still_blur_mm;
         });
}

void PieceTracker::Settle(const TrackerFrame& frame, std::vector<TrackEvent>& events) {
  TableObservation now = Table(frame.time_s);
  bool changed = !started_ || now.pieces.size() != rest_table_.pieces.size();
  for (const ObservedPiece& piece : now.pieces) {
    if (changed) break;
    const auto was =
        std::find_if(rest_table_.pieces.begin(), rest_table_.pieces.end(),
                     [&](const ObservedPiece& p) { return p.track_id == piece.track_id; });
    changed = was == rest_table_.pieces.end() ||
              rules::Distance(was->position_mm, piece.position_mm) >
                  std::max(options_.start_mm, 3 * std::hypot(was->sigma_mm, piece.sigma_mm)) ||
              IdentityKey(*was) != IdentityKey(piece) || was->pose != piece.pose;
  }
  started_ = true;
  for (Track& track : tracks_) track.ClearPath();
  if (!changed) return;
  rest_table_ = now;
  TrackEvent event;
  event.type = TrackEvent::Type::kTableChanged;
  event.time_s = frame.time_s;
  event.table = std::move(now);
  events.push_back(std::move(event));
}

std::vector<TrackEvent> PieceTracker::Update(const TrackerFrame& frame) {
  std::vector<TrackEvent> events;
  if (!frame.table_found) {
    phase_ = TrackerPhase::kBlind;
    quiet_ = 0;
    dirty_ = true;
    hand_hid_.clear();
    recent_hand_.clear();
    return events;
  }
  const bool hand_changed = frame.hand_in_view != hand_;
  hand_before_ = hand_;
  hand_ = frame.hand_in_view;
  first_new_id_ = next_id_;
  DropStillBlurs();
  const std::vector<int> of_track = Associate(frame);
  std::vector<bool> used(frame.pieces.size(), false);
  std::vector<std::pair<double, size_t>> started;  // (distance travelled, track index)
  const size_t existing = tracks_.size();
  for (size_t t = 0; t < existing; ++t) {
    Track& track = tracks_[t];
    track.hidden = Hidden(track, frame);
    if (frame.hand_in_view) track.clear_of_hand = false;
    if (of_track[t] < 0) continue;
    const ObservedPiece& piece = frame.pieces[static_cast<size_t>(of_track[t])];
    used[static_cast<size_t>(of_track[t])] = true;
    const bool was_moving = track.moving;
    const bool was_carried = track.carried;
    Measure(track, piece, frame, events);
    const bool set_moving = !was_moving && track.moving;
    const bool found_flicked = was_carried && track.moving && !track.carried;  // a putt
    if (set_moving || found_flicked)
      started.emplace_back(rules::Distance(track.rest, piece.position_mm), t);
  }
  // New pieces, unless they only repeat a known one (a piece standing on another is no
  // repeat of it).
  std::vector<int> track_of(frame.pieces.size(), -1);  // measurement -> track id
  for (size_t t = 0; t < existing; ++t) {
    if (of_track[t] >= 0) track_of[static_cast<size_t>(of_track[t])] = tracks_[t].id;
  }
  for (size_t m = 0; m < frame.pieces.size(); ++m) {
    if (used[m]) continue;
    const ObservedPiece& piece = frame.pieces[m];
    const double radius = rules::EquivalentRadius(piece.footprint);
    // Before the repeat test: it may land right by a piece it strikes.
    if (Land(piece, frame, events)) {
      const Track& landed = tracks_.back();
      track_of[m] = landed.id;
      // It flew from its place: it moved first, however far what it struck was sent.
      if (landed.moving)
        started.emplace_back(rules::Distance(landed.rest, piece.position_mm), tracks_.size() - 1);
      continue;
    }
    const bool repeats =
        !Stacked(frame, m) && std::any_of(tracks_.begin(), tracks_.end(), [&](const Track& track) {
          return !Differ(piece.colour, track.piece.colour) &&
                 rules::Distance(Predict(track, frame.time_s), piece.position_mm) <
                     0.8 * (radius + rules::EquivalentRadius(track.piece.footprint));
        });
    if (repeats || AtStillBlur(piece, frame.time_s)) continue;
    if (Revive(piece, frame, events)) continue;
    track_of[m] = NewTrack(piece, frame).id;
    dirty_ = true;
    if (tracks_.back().moving) started.emplace_back(0, tracks_.size() - 1);
  }
  // Which piece stands on which, as this frame saw it.
  for (size_t m = 0; m < frame.pieces.size(); ++m) {
    Track* track = track_of[m] >= 0 ? FindMutableTrack(track_of[m]) : nullptr;
    if (track == nullptr) continue;
    const std::optional<int>& under = frame.pieces[m].on_top_of;
    if (under && *under >= 0 && static_cast<size_t>(*under) < frame.pieces.size()) {
      track->carrier = track_of[static_cast<size_t>(*under)];
    } else if (frame.complete && !track->moving) {
      // A piece that left its carrier stood on it before its shot: cleared once at rest.
      track->carrier = -1;
    }
  }
  // A shot that began frames ago (a piece seen sliding only once clear of the hand that sent
  // it, or flicked from where the hand set it down) starts before pieces go missing in this
  // frame: the place it left, found empty now, was a piece of the shot's table.
  if (!shot_) {
    for (const auto& [distance, t] : started) {
      const Track& track = tracks_[t];
      if (!track.carried && track.moving_since_s < frame.time_s) {
        StartShot(track, frame, events);
        break;
      }
    }
  }
  // Pieces not measured: hidden, still moving out of sight, or gone.
  for (size_t t = existing; t-- > 0;) {
    if (of_track[t] >= 0) continue;
    Track& track = tracks_[t];
    if (track.hidden) {
      track.misses = 0;
      continue;
    }
    if (track.moving) {
      if (++track.misses >= options_.lost_frames) {
        started.erase(std::remove_if(started.begin(), started.end(),
                                     [&](const auto& s) { return s.second == t; }),
                      started.end());
        for (auto& s : started) {
          if (s.second > t) --s.second;
        }
        Vanish(t, frame, events);
      }
    } else if (const bool taken = !frame.complete && TakenUnseen(track, frame);
               frame.complete || taken) {
      started.erase(std::remove_if(started.begin(), started.end(),
                                   [&](const auto& s) { return s.second == t; }),
                    started.end());
      for (auto& s : started) {
        if (s.second > t) --s.second;
      }
      // (One taken from a place no hand was over is gone: no hand holds it. Nor does a hand
      // that never came near, unless it stood on another piece it may be hurled from: held-out
      // Ppolf seed 222, a coin beside the table missed by one full detection as a hand 230 mm
      // from it flicked the next tee's coin; half that coin's blur was taken for it, put down
      // and flicked, and the flick for its owner's.)
      const rules::Footprint at_rest =
          Translated(track.piece.footprint, track.rest - track.piece.position_mm);
      const bool reached = track.carrier >= 0 ||
                           WithinOfHand(at_rest, frame, options_.taken_clear_of_hand_mm) ||
                           WhereTheHandWas(at_rest, options_.taken_clear_of_hand_mm);
      if (!shot_ && frame.hand_in_view && reached && !taken && track.Identified())
        lifted_.push_back(track);
      Vanish(t, frame, events);
    }
  }
  // Shots: the piece that travelled farthest since the last frame started first.
  std::sort(started.begin(), started.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [distance, t] : started) {
    Track& track = tracks_[t];
    if (track.carried) continue;
    if (!shot_) StartShot(track, frame, events);
    if (!std::count(shot_->moved.begin(), shot_->moved.end(), track.id))
      shot_->moved.push_back(track.id);
  }
  const bool any_moving =
      std::any_of(tracks_.begin(), tracks_.end(), [](const Track& track) { return track.moving; });
  std::erase_if(
      lifted_, [&](const Track& track) { return frame.time_s - track.seen_s > options_.flight_s; });
  quiet_ = any_moving || frame.motion || !lifted_.empty() ? 0 : quiet_ + 1;
  if (any_moving || frame.motion || hand_changed) dirty_ = true;
  if (shot_) ReportNewContacts(frame.time_s, events);

  if (frame.complete && Quiet()) {
    last_full_s_ = frame.time_s;
    if (shot_) ReclaimLost();
    if (shot_) {
      const bool hand_clear = !frame.hand_in_view || MoversRestClearOfHand(frame);
      if (hand_clear && (!LostPieceMissing() || closing_looks_ >= options_.lost_looks)) {
        EndShot(frame, events);
        dirty_ = false;
      } else if (hand_clear) {
        ++closing_looks_;  // dirty_ stays set: the next frame is another full detection
      }
    } else {
      Settle(frame, events);
      dirty_ = false;
    }
  }
  if (shot_) {
    phase_ = TrackerPhase::kShot;
  } else {
    phase_ = Quiet() && !dirty_ ? TrackerPhase::kSettled : TrackerPhase::kChanging;
  }
  last_time_s_ = frame.time_s;
  hand_hid_ = frame.hidden;
  for (Track& track : tracks_) {
    if (std::count(frame.vacated.begin(), frame.vacated.end(), track.id) > 0)
      track.vacated_s = frame.time_s;
  }
  std::erase_if(recent_hand_,
                [&](const auto& seen) { return frame.time_s - seen.first > options_.flight_s; });
  if (!frame.hidden.empty()) recent_hand_.emplace_back(frame.time_s, frame.hidden);
  obstacles_.clear();
  for (const Track& track : tracks_) {
    if (track.piece.kind != ObservedKind::kTile || track.moving) continue;
    const rules::Footprint at_rest =
        Translated(track.piece.footprint, track.rest - track.piece.position_mm);
    if (const auto* tile = std::get_if<rules::Polygon>(&at_rest)) obstacles_.push_back(*tile);
  }
  return events;
}

}  // namespace tabref::vision
