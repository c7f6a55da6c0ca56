#pragma once

#include <array>
#include <optional>
#include <vector>

#include "app/referee/game_referee.h"
#include "app/referee/piece_matcher.h"
#include "rules/ppolf/course.h"
#include "rules/ppolf/geometry.h"

namespace tabref::referee {

// Which coin is whose and which tile is which course tile in Ppolf.
struct PpolfBinding {
  // Each player's coin, by seat: a coin showing a face no other coin on the table shows.
  std::vector<PieceMatcher> coins;
  // The course in course order: the black ace (the first tee), then holes 1..18.
  std::array<PieceMatcher, rules::ppolf::kTileCount> tiles;

  // The rulebook's coins: red, blue, black, green/yellow (the suit sides of suns, arms,
  // moons, crowns), then the value sides null, ace, 2, 3, 4, 5. The course: tiles face up,
  // red = suns, blue = arms, green/yellow = crowns, the black ace = the moons ace.
  static PpolfBinding Default(int players);
  // The default with {"coins": [matchers], "tiles": [19 matchers]} replaced; throws
  // std::invalid_argument naming a bad field (also for more players than coins).
  static PpolfBinding FromJson(const rules::Json& json, int players);
  rules::Json ToJson() const;
  // The seat whose coin `piece` is, or -1; the course tile it is, or -1.
  int SeatOf(const vision::ObservedPiece& piece) const;
  int TileOf(const vision::ObservedPiece& piece) const;
};

// What the engine knows that tells the players' coins apart: each player's state on the hole
// (the scorecard's details) and where their coin last came to rest.
struct PpolfCourse {
  rules::Json details;
  std::vector<std::optional<rules::ppolf::CoinSighting>> coins;  // by seat

  static PpolfCourse Of(const rules::State& state);
};

// Ppolf from the camera: each flick's hit (a contact of the player's coin with the target
// hole tile during the flick), coins and course tiles that left the table, coins knocked
// into the hole, where the hole and the coins in play rest; between flicks, coins put back
// by hand (a coin flicked off the table is put back one tile width in).
class PpolfReferee : public GameReferee {
 public:
  static constexpr double kPlayBeyondMarkersMm = 125;

  explicit PpolfReferee(PpolfBinding binding) : binding_(std::move(binding)) {}

  std::string GameName() const override { return "ppolf"; }
  rules::Json Binding() const override { return binding_.ToJson(); }
  std::vector<vision::ObservedKind> TrackedKinds() const override {
    return {vision::ObservedKind::kCoin, vision::ObservedKind::kTile};
  }
  // Coins roam the whole table: the course's tiles lie three tile widths in from its edges
  // (rulebook), and the markers at the course's corners need not be at the table's.
  double PlayBeyondMarkersMm() const override { return kPlayBeyondMarkersMm; }
  Focus FocusOn(const rules::State& state, const vision::TableObservation& table) const override;
  const PpolfBinding& binding() const { return binding_; }
  Verdict Judge(const rules::State& state, const vision::ShotObservation& shot) const override;
  std::optional<vision::ShotObservation> ShotUnderHand(
      const rules::State& state, const vision::TableObservation& last,
      const vision::TableObservation& now) const override;
  std::optional<rules::Json> Refresh(const rules::State& state,
                                     const vision::TableObservation& last,
                                     const vision::TableObservation& now) const override;

  // Which piece on `table` is the coin of `seat` (a track id), or -1.
  int CoinTrack(const vision::TableObservation& table, int seat) const;
  // The coin on `table` the camera misread (its face reads as no player's) that must be
  // `seat`'s: every coin on a Ppolf course is a player's, so when `seat`'s is the only coin in
  // play not seen and exactly one coin reads as no player's, that one; else the one coin read
  // as no player's lying still where `seat`'s came to rest (and where no other unseen coin
  // did); else -1.
  int MisreadCoin(const PpolfCourse& course, const vision::TableObservation& table, int seat) const;
  // `seat`'s coin on `table`: read as theirs, or misread (MisreadCoin); -1 when not seen.
  int PlayerCoin(const PpolfCourse& course, const vision::TableObservation& table, int seat) const;
  // Whose coin track `track` on `table` is, or -1.
  int SeatOfCoin(const PpolfCourse& course, const vision::TableObservation& table, int track) const;
  // Which piece on `table` is course tile `tile`, or -1.
  int TileTrack(const vision::TableObservation& table, int tile) const;
  // `seat`'s coin lost from sight in `shot` and found again as another track: the one coin
  // seen nowhere before the shot that moved in it and rests read as `seat`'s or as no
  // player's (a misread face), or -1.
  int FoundAgain(const PpolfCourse& course, const vision::ShotObservation& shot, int seat) const;

 protected:
  std::vector<std::string> ShotTypes() const override { return {"flick"}; }

 private:
  // The flick of player `seat`, due to flick, whose coin is track `coin`: what it did.
  Verdict JudgeFlick(const rules::State& state, const PpolfCourse& course,
                     const vision::ShotObservation& shot, int seat, int coin) const;
  // Whether track `coin`, the only piece that moved in `shot`, touching nothing, rests within
  // one tile width of the tile the hole is teed off from: where a player sets their coin down
  // to tee off (rulebook: "place a coin anywhere within one tile width of the last hole"; a
  // tee shot flicked that short is rare).
  bool RestsAtTheTee(const rules::State& state, const PpolfCourse& course,
                     const vision::ShotObservation& shot, int coin) const;
  // The flick of player `seat`, whose coin is track `coin`, the hole `hole_track` hit or not.
  rules::Json Flick(const rules::State& state, const vision::ShotObservation& shot, int seat,
                    int coin, int hole_track, bool hit) const;

  PpolfBinding binding_;
};

}  // namespace tabref::referee
