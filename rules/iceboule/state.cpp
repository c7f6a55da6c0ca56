#include "rules/iceboule/state.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "rules/core/rule_error.h"
#include "rules/iceboule/seats.h"
#include "rules/iceboule/turn_order.h"

namespace tabref::rules::iceboule {
namespace {

std::string ActionTypeOf(Phase phase) {
  switch (phase) {
    case Phase::kPlaceTarget:
      return "place_target";
    case Phase::kChooseSizes:
      return "choose_size";
    case Phase::kShooting:
      return "shot";
    case Phase::kRuling:
      return "ruling";
    case Phase::kEndResult:
      return "end_result";
    case Phase::kGameOver:
      break;
  }
  return "none";
}

Json ToJson(const EndRecord& record) {
  std::vector<std::string> sizes;
  for (PieceSize size : record.sizes) sizes.push_back(SizeName(size));
  return {{"starter", record.starter},
          {"target_size", SizeName(record.target_size)},
          {"sizes", sizes},
          {"scorer", record.scorer},
          {"points", record.points}};
}

Json ToJson(const CurrentEnd& end, const std::vector<std::string>& players) {
  Json sizes = Json::array();
  for (const auto& size : end.sizes) sizes.push_back(size ? Json(SizeName(*size)) : Json());
  Json rulings = Json::array();
  for (const Ruling& ruling : end.rulings) rulings.push_back(ToJson(ruling));
  return {{"starter", end.starter},
          {"target_size", end.target_size ? Json(SizeName(*end.target_size)) : Json()},
          {"sizes", sizes},
          {"shots", end.shots},
          {"active", end.active},
          {"last_shooter", end.last_shooter},
          {"layout", end.layout ? end.layout->ToJson(players) : Json()},
          {"lead", ToJson(end.lead)},
          {"rulings", rulings},
          {"question", end.question ? ToJson(*end.question) : Json()}};
}

}  // namespace

IceBouleState::IceBouleState(std::shared_ptr<const Game> game, Options options)
    : StateBase(std::move(game)),
      options_(options),
      scores_(static_cast<size_t>(this->game().NumPlayers()), 0) {
  StartEnd(-1);
}

void IceBouleState::StartEnd(int starter) {
  const auto players = static_cast<size_t>(game().NumPlayers());
  end_ = CurrentEnd{};
  end_.starter = starter;
  end_.sizes.assign(players, std::nullopt);
  end_.shots.assign(players, 0);
}

Phase IceBouleState::CurrentPhase() const {
  if (IsTerminal()) return Phase::kGameOver;
  if (!end_.target_size) return Phase::kPlaceTarget;
  if (std::any_of(end_.sizes.begin(), end_.sizes.end(), [](const auto& s) { return !s; })) {
    return Phase::kChooseSizes;
  }
  if (end_.question) return Phase::kRuling;
  if (end_.active >= 0) return Phase::kShooting;
  return Phase::kEndResult;
}

bool IceBouleState::IsTerminal() const {
  return std::any_of(scores_.begin(), scores_.end(),
                     [this](int score) { return score >= options_.target; });
}

std::vector<int> IceBouleState::Winners() const {
  std::vector<int> winners;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (scores_[static_cast<size_t>(seat)] >= options_.target) winners.push_back(seat);
  }
  return winners;
}

std::vector<int> IceBouleState::Actors() const {
  switch (CurrentPhase()) {
    case Phase::kPlaceTarget:
      return PlayersWhoMayPlaceTarget();
    case Phase::kChooseSizes: {
      std::vector<int> undecided;
      for (int seat = 0; seat < game().NumPlayers(); ++seat) {
        if (!end_.sizes[static_cast<size_t>(seat)]) undecided.push_back(seat);
      }
      return undecided;
    }
    case Phase::kShooting:
      return {end_.active};
    case Phase::kRuling: {
      const auto& pieces = end_.layout->pieces;
      return {pieces[end_.question->first].owner, pieces[end_.question->second].owner};
    }
    case Phase::kEndResult:
      return AllSeats();
    case Phase::kGameOver:
      break;
  }
  return {};
}

void IceBouleState::Refuse(const std::string& why) const {
  const Phase phase = CurrentPhase();
  throw RuleError(why + "; now: " + StatusLine() + " (legal: " + ActionTypeOf(phase) + ")");
}

void IceBouleState::CheckActor(FieldReader& reader, int seat, const std::string& doing) const {
  if (!reader.Has("player")) return;
  const int named = ReadSeat(reader, "player", Players());
  if (named != seat) {
    Refuse("it is " + Name(seat) + " who " + doing + ", not " + Name(named));
  }
}

void IceBouleState::DoApply(const Json& body) {
  const std::string type = body["type"];
  const Phase phase = CurrentPhase();
  if (type != ActionTypeOf(phase)) Refuse("'" + type + "' is not allowed now");
  switch (phase) {
    case Phase::kPlaceTarget:
      return PlaceTarget(body);
    case Phase::kChooseSizes:
      return ChooseSize(body);
    case Phase::kShooting:
      return Shoot(body);
    case Phase::kRuling:
      return Rule(body);
    case Phase::kEndResult:
      return EnterEndResult(body);
    case Phase::kGameOver:
      break;
  }
}

void IceBouleState::PlaceTarget(const Json& body) {
  FieldReader reader(body, "action 'place_target'");
  if (end_.starter >= 0) {
    CheckActor(reader, end_.starter, "places the target");
  } else if (!reader.Has("player")) {
    Refuse("name the \"player\" who goes first (the table decides at random)");
  } else {
    end_.starter = ReadSeat(reader, "player", Players());
  }
  const PieceSize size = ReadSize(reader, "size");
  if (reader.Has("position")) {
    const Pyramid target = ReadPyramid(reader, size);
    if (target.pose != Pose::kUpright) {
      reader.Fail("pose", "must be upright: the target is stood upright where it lies");
    }
    end_.layout = Layout{target, {}};
  }
  reader.RejectUnknown();
  end_.target_size = size;
}

void IceBouleState::ChooseSize(const Json& body) {
  FieldReader reader(body, "action 'choose_size'");
  const int seat = ReadSeat(reader, "player", Players());
  const PieceSize size = ReadSize(reader, "size");
  reader.RejectUnknown();
  auto& chosen = end_.sizes[static_cast<size_t>(seat)];
  if (chosen) Refuse(Name(seat) + " has already chosen " + SizeName(*chosen) + " this end");
  chosen = size;
  if (std::all_of(end_.sizes.begin(), end_.sizes.end(), [](const auto& s) { return s; })) {
    end_.active = end_.starter;
  }
}

void IceBouleState::Shoot(const Json& body) {
  FieldReader reader(body, "action 'shot'");
  const int shooter = end_.active;
  CheckActor(reader, shooter, "shoots now");
  const bool measured = reader.Has("pieces");
  if (measured == reader.Has("leader")) {
    Refuse("a shot reports either the measured \"pieces\" or the \"leader\" the players state");
  }
  ++end_.shots[static_cast<size_t>(shooter)];
  end_.last_shooter = shooter;
  end_.active = -1;
  if (measured) {
    Layout layout = ReadShotLayout(reader);
    end_.rulings =
        end_.layout ? StandingRulings(end_.rulings, *end_.layout, layout) : std::vector<Ruling>{};
    end_.layout = std::move(layout);
  } else {
    end_.rulings.clear();
    end_.layout.reset();
    end_.lead = ReadStatedLead(reader);
  }
  reader.RejectUnknown();
  Settle();
}

Layout IceBouleState::ReadShotLayout(FieldReader& reader) const {
  const std::vector<PieceSize> sizes = ChosenSizes();
  const LayoutContext context{Players(), sizes, *end_.target_size,
                              end_.layout ? std::optional(end_.layout->target) : std::nullopt};
  Layout layout = ReadLayout(reader, context);
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    const int shot = end_.shots[static_cast<size_t>(seat)];
    if (layout.CountOf(seat) != shot) {
      reader.Fail("pieces", "lists " + std::to_string(layout.CountOf(seat)) + " pieces of " +
                                Name(seat) + ", who has shot " + std::to_string(shot) +
                                " (list every shot piece; one off the table with "
                                "\"off_table\": true)");
    }
  }
  return layout;
}

Lead IceBouleState::ReadStatedLead(FieldReader& reader) const {
  if (reader.String("leader") == "none") return Lead{};
  const int leader = ReadSeat(reader, "leader", Players());
  if (end_.shots[static_cast<size_t>(leader)] == 0) {
    reader.Fail("leader", "names " + Name(leader) + ", who has no piece in play this end");
  }
  return Lead{leader, false, std::nullopt};
}

void IceBouleState::Rule(const Json& body) {
  FieldReader reader(body, "action 'ruling'");
  const Question question = *end_.question;
  const int first_owner = end_.layout->pieces[question.first].owner;
  const int second_owner = end_.layout->pieces[question.second].owner;
  const bool equal = reader.Bool("equal", false);
  if (equal == reader.Has("closer")) {
    Refuse("a ruling names the \"closer\" player or says \"equal\": true");
  }
  Comparison first_is = Comparison::kEqual;
  if (!equal) {
    const int closer = ReadSeat(reader, "closer", Players());
    if (closer != first_owner && closer != second_owner) {
      Refuse("the ruling is between " + Name(first_owner) + " and " + Name(second_owner) +
             ", not " + Name(closer));
    }
    first_is = closer == first_owner ? Comparison::kCloser : Comparison::kFarther;
  }
  reader.RejectUnknown();
  end_.rulings.push_back(Ruling{question.first, question.second, first_is});
  Settle();
}

void IceBouleState::EnterEndResult(const Json& body) {
  FieldReader reader(body, "action 'end_result'");
  if (reader.Bool("tie", false)) {
    reader.RejectUnknown();
    if (IsSolo()) Refuse("a one-player end cannot be tied; enter the points scored");
    if (end_.lead.leader >= 0) {
      Refuse("not a tie: " + Name(end_.lead.leader) + " leads; enter the points");
    }
    return FinishEnd(-1, 0);
  }
  const int scorer = ReadSeat(reader, "player", Players());
  const int points = reader.Int("points", MinEndPoints(), kMaxEndPoints);
  reader.RejectUnknown();
  if (!IsSolo() && scorer != end_.lead.leader) {
    Refuse(end_.lead.leader < 0 ? "nobody leads, so the end is a tie (\"tie\": true)"
                                : "only " + Name(end_.lead.leader) +
                                      ", who owns the leading piece, scores this end");
  }
  FinishEnd(scorer, points);
}

Judge IceBouleState::MakeJudge() const {
  return Judge(
      *end_.layout, end_.rulings,
      JudgeRules{CloseCallTolerance{options_.close_call_mm, 2.0}, options_.touching_is_equal});
}

void IceBouleState::Settle() {
  end_.question.reset();
  if (end_.layout) {
    const Finding<Lead> lead = MakeJudge().FindLead();
    if (const auto* question = std::get_if<Question>(&lead)) {
      end_.question = *question;
      return;
    }
    end_.lead = std::get<Lead>(lead);
  }
  end_.active = NextShooter(end_.last_shooter, ProjectilesLeft(), end_.lead.leader);
  if (end_.active < 0 && end_.layout) ScoreMeasuredEnd();
}

void IceBouleState::ScoreMeasuredEnd() {
  if (IsSolo()) return FinishEnd(0, MakeJudge().SoloPoints(options_.solo_radius_mm));
  if (end_.lead.leader < 0) return FinishEnd(-1, 0);
  const Finding<int> points = MakeJudge().CountPoints(end_.lead);
  if (const auto* question = std::get_if<Question>(&points)) {
    end_.question = *question;
    return;
  }
  FinishEnd(end_.lead.leader, std::get<int>(points));
}

void IceBouleState::FinishEnd(int scorer, int points) {
  ends_.push_back(EndRecord{end_.starter, *end_.target_size, ChosenSizes(), scorer, points});
  if (scorer >= 0) scores_[static_cast<size_t>(scorer)] += points;
  StartEnd(scorer >= 0 ? scorer : end_.starter);
}

std::vector<int> IceBouleState::AllSeats() const {
  std::vector<int> seats(static_cast<size_t>(game().NumPlayers()));
  std::iota(seats.begin(), seats.end(), 0);
  return seats;
}

std::vector<PieceSize> IceBouleState::ChosenSizes() const {
  std::vector<PieceSize> sizes;
  for (const auto& size : end_.sizes) sizes.push_back(size.value_or(PieceSize::kMedium));
  return sizes;
}

std::vector<int> IceBouleState::ProjectilesLeft() const {
  std::vector<int> left;
  for (int shot : end_.shots) left.push_back(kProjectilesPerPlayer - shot);
  return left;
}

Json IceBouleState::Snapshot() const {
  Json ends = Json::array();
  for (const EndRecord& record : ends_) ends.push_back(ToJson(record));
  return {{"scores", scores_}, {"ends", ends}, {"end", ToJson(end_, Players())}};
}

void IceBouleState::CheckInvariants() const {
  auto require = [](bool holds, const std::string& what) {
    if (!holds) throw std::logic_error("iceboule: " + what);
  };
  std::vector<int> recorded(scores_.size(), 0);
  for (const EndRecord& record : ends_) {
    require(record.points >= MinEndPoints() || record.scorer < 0, "an end winner scored nothing");
    require(record.points <= kMaxEndPoints, "more points than an end can give");
    if (record.scorer >= 0) recorded[static_cast<size_t>(record.scorer)] += record.points;
  }
  require(recorded == scores_, "scores differ from the sum of the ends");
  require(Winners().size() <= 1, "more than one player reached the target");
  for (int shot : end_.shots) {
    require(shot >= 0 && shot <= kProjectilesPerPlayer, "more than 4 projectiles shot");
  }
  if (end_.layout) {
    for (int seat = 0; seat < game().NumPlayers(); ++seat) {
      require(end_.layout->CountOf(seat) == end_.shots[static_cast<size_t>(seat)],
              "layout does not hold every shot piece");
    }
  }
  require(!end_.question || end_.layout, "a ruling is asked without a measured layout");
  require(end_.active < 0 || ProjectilesLeft()[static_cast<size_t>(end_.active)] > 0,
          "the active player has no projectile left");
}

}  // namespace tabref::rules::iceboule
