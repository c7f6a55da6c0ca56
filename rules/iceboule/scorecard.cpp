// The views of an Ice Boule state: the score sheet, its details and the status line.
#include <sstream>

#include "rules/iceboule/state.h"
#include "rules/iceboule/turn_order.h"

namespace tabref::rules::iceboule {
namespace {

std::string PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kPlaceTarget:
      return "place_target";
    case Phase::kChooseSizes:
      return "choose_sizes";
    case Phase::kShooting:
      return "shooting";
    case Phase::kRuling:
      return "ruling";
    case Phase::kEndResult:
      return "end_result";
    case Phase::kGameOver:
      break;
  }
  return "game_over";
}

std::string SizeLabel(PieceSize size) { return SizeName(size) + "/" + IcehouseName(size); }

}  // namespace

std::string IceBouleState::ScoreLine() const {
  std::string line;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (seat > 0) line += " - ";
    line += Name(seat) + " " + std::to_string(scores_[static_cast<size_t>(seat)]);
  }
  return line;
}

std::string IceBouleState::DistanceText(size_t piece) const {
  const TargetDistance distance = MakeJudge().DistanceOf(piece);
  switch (distance.contact) {
    case Contact::kStacked:
      return "stacked on the target";
    case Contact::kTouching:
      return "touching the target";
    case Contact::kApart:
      break;
  }
  std::ostringstream text;
  text.precision(1);
  text << std::fixed << distance.gap_mm << " mm from the target";
  return text.str();
}

std::string IceBouleState::PhaseLine() const {
  switch (CurrentPhase()) {
    case Phase::kPlaceTarget:
      return end_.starter < 0 ? "the player who goes first places the target (any player)"
                              : Name(end_.starter) + " places the target";
    case Phase::kChooseSizes:
      return JoinChoices(Names(Actors()), "and") + (Actors().size() == 1 ? " chooses" : " choose") +
             " a piece size (small/pawn, medium/drone or large/queen)";
    case Phase::kShooting: {
      const auto seat = static_cast<size_t>(end_.active);
      const std::string lead = end_.lead.leader >= 0 ? Name(end_.lead.leader) + " leads"
                               : end_.lead.tied      ? "tie for the lead"
                                                     : "no piece leads";
      return Name(end_.active) + " (" + SizeLabel(*end_.sizes[seat]) + ") shoots projectile " +
             std::to_string(end_.shots[seat] + 1) + " of " + std::to_string(kProjectilesPerPlayer) +
             "; " + lead;
    }
    case Phase::kRuling: {
      const Question& question = *end_.question;
      const auto& pieces = end_.layout->pieces;
      return "ruling: is " + Name(pieces[question.first].owner) + "'s piece (" +
             DistanceText(question.first) + ") or " + Name(pieces[question.second].owner) + "'s (" +
             DistanceText(question.second) + ") closer, or are they equal?";
    }
    case Phase::kEndResult:
      if (IsSolo()) return "enter " + Name(0) + "'s points for the end (0-5)";
      if (end_.lead.leader < 0) return "enter the end's result: a tie (no piece leads)";
      return "enter " + Name(end_.lead.leader) + "'s points for the end (" +
             Name(end_.lead.leader) + " leads; 1-5)";
    case Phase::kGameOver:
      break;
  }
  return "game over";
}

std::string IceBouleState::StatusLine() const {
  if (IsTerminal()) {
    const int winner = Winners().front();
    return "Game over: " + Name(winner) + " wins with " +
           std::to_string(scores_[static_cast<size_t>(winner)]) + " points (" + ScoreLine() + ")";
  }
  return "End " + std::to_string(ends_.size() + 1) + ": " + PhaseLine() + "; score " + ScoreLine();
}

Json IceBouleState::CurrentEndDetails() const {
  Json sizes = Json::object();
  Json pieces_left = Json::object();
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    const auto& size = end_.sizes[static_cast<size_t>(seat)];
    sizes[Name(seat)] = size ? Json(SizeName(*size)) : Json();
    pieces_left[Name(seat)] = kPiecesPerPlayer - end_.shots[static_cast<size_t>(seat)];
  }
  Json details = {
      {"starting_player", end_.starter >= 0 ? Json(Name(end_.starter)) : Json()},
      {"target_size", end_.target_size ? Json(SizeName(*end_.target_size)) : Json()},
      {"sizes", sizes},
      {"pieces_left", pieces_left},
      {"active_player", end_.active >= 0 ? Json(Name(end_.active)) : Json()},
      {"leader", end_.lead.leader >= 0 ? Json(Name(end_.lead.leader)) : Json()},
      {"leading_piece", end_.lead.piece ? Json(*end_.lead.piece) : Json()},
      {"tie_for_lead", end_.lead.tied},
      {"measured", end_.layout.has_value()},
  };
  if (end_.layout) {
    const Judge judge = MakeJudge();
    Json layout = end_.layout->ToJson(Players());
    for (size_t i = 0; i < end_.layout->pieces.size(); ++i) {
      if (end_.layout->pieces[i].on_table) {
        layout["pieces"][i]["distance"] = ToJson(judge.DistanceOf(i));
      }
    }
    details["layout"] = layout;
  }
  if (end_.question) {
    details["question"] = {{"pieces", {end_.question->first, end_.question->second}},
                           {"text", PhaseLine()}};
  }
  return details;
}

ScoreTable IceBouleState::Scorecard() const {
  ScoreTable table;
  table.title = "Ice Boule, first to " + std::to_string(options_.target);
  table.columns = Players();
  Json ends = Json::array();
  for (size_t e = 0; e < ends_.size(); ++e) {
    const EndRecord& record = ends_[e];
    ScoreTable::Row row;
    row.label = "End " + std::to_string(e + 1) + " (" + Name(record.starter) + " starts" +
                (record.scorer < 0 ? ", tie: replayed)" : ")");
    for (int seat = 0; seat < game().NumPlayers(); ++seat) {
      const std::string points = seat == record.scorer ? std::to_string(record.points) : "-";
      row.cells.push_back(points + " (" + IcehouseName(record.sizes[static_cast<size_t>(seat)]) +
                          ")");
    }
    table.rows.push_back(row);
    ends.push_back({{"starting_player", Name(record.starter)},
                    {"scorer", record.scorer >= 0 ? Json(Name(record.scorer)) : Json()},
                    {"points", record.points},
                    {"target_size", SizeName(record.target_size)}});
  }
  ScoreTable::Row total{"Total", {}, true};
  for (int score : scores_) total.cells.push_back(std::to_string(score));
  table.rows.push_back(total);
  table.details = {{"target_points", options_.target},
                   {"end", ends_.size() + (IsTerminal() ? 0 : 1)},
                   {"phase", PhaseName(CurrentPhase())},
                   {"ends", ends},
                   {"current_end", CurrentEndDetails()}};
  return table;
}

}  // namespace tabref::rules::iceboule
