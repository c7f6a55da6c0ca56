#pragma once

#include <array>
#include <vector>

#include "app/referee/game_referee.h"
#include "app/referee/piece_matcher.h"

namespace tabref::referee {

// Which coins are the jack and each side's bowls in Tabletop Bocce.
struct BocceBinding {
  // The jack: a coin showing its value side, the blank (null).
  PieceMatcher jack = CoinShowingValue("null");
  // The bowls of each side, in the engine's side order: coins showing their suit side.
  std::array<std::vector<PieceMatcher>, 2> bowls;

  // Suns against moons (the rulebook's suggestion); with 8 players two suits a side, suns
  // and moons against crowns and arms ("2 suns & 2 moons versus 2 crowns & 2 shields").
  static BocceBinding Default(int players);
  // The default with the fields of {"jack": matcher, "bowls": [[matchers], [matchers]]}
  // replaced; throws std::invalid_argument naming a bad field.
  static BocceBinding FromJson(const rules::Json& json, int players);
  rules::Json ToJson() const;
  // The side whose bowl `piece` is, or -1.
  int SideOf(const vision::ObservedPiece& piece) const;
};

// Bocce from the camera: the jack's resting place after its flick, and after each bowl the
// layout of the jack and every bowl still in play (the one just flicked included). Which
// bowls are in play is read from the engine's last layout, matched to the table before the
// shot, so a bowl that left the court stays out for the round even if knocked back in.
class BocceReferee : public GameReferee {
 public:
  explicit BocceReferee(BocceBinding binding) : binding_(std::move(binding)) {}

  std::string GameName() const override { return "bocce"; }
  rules::Json Binding() const override { return binding_.ToJson(); }
  std::vector<vision::ObservedKind> TrackedKinds() const override {
    return {vision::ObservedKind::kCoin};
  }
  Focus FocusOn(const rules::State& state, const vision::TableObservation& table) const override;
  const BocceBinding& binding() const { return binding_; }
  Verdict Judge(const rules::State& state, const vision::ShotObservation& shot) const override;

 protected:
  std::vector<std::string> ShotTypes() const override { return {"jack", "bowl"}; }

 private:
  Verdict JudgeJack(const rules::State& state, const vision::ShotObservation& shot) const;
  Verdict JudgeBowl(const rules::State& state, const rules::Json& details,
                    const vision::ShotObservation& shot) const;
  bool IsJack(const vision::ShotObservation& shot, int track) const;
  int SideOfTrack(const vision::ShotObservation& shot, int track) const;

  BocceBinding binding_;
};

}  // namespace tabref::referee
