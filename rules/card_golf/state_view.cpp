#include <stdexcept>

#include "rules/card_golf/state.h"
#include "rules/core/field_reader.h"

namespace tabref::rules::card_golf {

const char* CardGolfState::PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kDeal:
      return "deal";
    case Phase::kTurns:
      return "turns";
    case Phase::kReveal:
      return "reveal";
    case Phase::kOver:
      break;
  }
  return "over";
}

ScoreTable CardGolfState::Scorecard() const {
  ScoreTable table;
  table.title = "Czech Golf";
  table.columns = game().setup().players;
  table.rows = {{"Field", {}, false},
                {"Hand faces", {}, false},
                {"Lowest card", {}, false},
                {"Total", {}, true}};
  for (const PlayerCards& player : players_) {
    const auto& revealed = player.revealed();
    const auto cell = [&](int points) { return revealed ? std::to_string(points) : ""; };
    const ScoreBreakdown score = revealed ? revealed->score : ScoreBreakdown{};
    table.rows[0].cells.push_back(cell(score.field_points));
    table.rows[1].cells.push_back(cell(score.hand_face_points));
    table.rows[2].cells.push_back(cell(score.hand_lowest_rank));
    table.rows[3].cells.push_back(cell(score.total));
  }
  table.details = Snapshot();
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (const auto& revealed = Cards(seat).revealed()) {
      table.details["players"][static_cast<size_t>(seat)]["score"] = revealed->score.ToJson();
    }
  }
  return table;
}

std::string CardGolfState::EndingText() const {
  switch (ending_) {
    case Ending::kDeckEmpty:
      return "the draw deck ran out";
    case Ending::kRap:
      return Name(rapper_) + " rapped";
    case Ending::kNotYet:
      break;
  }
  return "final scores";
}

std::string CardGolfState::ResultText() const {
  std::string scores;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    scores += (seat == 0 ? "" : ", ") + Name(seat) + " " +
              std::to_string(Cards(seat).revealed()->score.total);
  }
  const std::vector<int> winners = Winners();
  const std::string verdict = winners.size() == 1 ? Name(winners[0]) + " wins"
                                                  : JoinChoices(Names(winners), "and") + " tie";
  return "Game over (" + EndingText() + "): " + verdict + "; " + scores;
}

std::string CardGolfState::StatusLine() const {
  switch (phase_) {
    case Phase::kDeal:
      return "Deal: enter the dealer and the card turned up to start the discard pile";
    case Phase::kTurns: {
      const std::string last_turn =
          InLastTurns() ? " (last turn: " + Name(rapper_) + " rapped)" : "";
      return Name(to_play_) + " to play" + last_turn + ": take the " +
             discard_pile_.back().ToString() + " from the discard pile, draw (" +
             std::to_string(deck_left_) + " left), or rap";
    }
    case Phase::kReveal: {
      const std::string stage =
          ending_ == Ending::kNotYet ? "Final entry" : "Reveal (" + EndingText() + ")";
      return stage + ": " + JoinChoices(Names(Unrevealed()), "and") + " to enter field and hand";
    }
    case Phase::kOver:
      break;
  }
  return ResultText();
}

Json CardGolfState::PlayersJson() const {
  Json players = Json::array();
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    Json player = Cards(seat).ToJson();
    player["name"] = Name(seat);
    players.push_back(player);
  }
  return players;
}

Json CardGolfState::Snapshot() const {
  const auto seat_name = [&](int seat) { return seat >= 0 ? Json(Name(seat)) : Json(); };
  return {{"mode", golf().ResolvedOptions().at("mode")},
          {"phase", PhaseName(phase_)},
          {"ending", ending_ == Ending::kNotYet ? Json() : Json(EndingText())},
          {"dealer", seat_name(dealer_)},
          {"to_play", seat_name(to_play_)},
          {"deck_left", deck_left_},
          {"discard_pile", CardsToJson(discard_pile_)},
          {"rapper", seat_name(rapper_)},
          {"turns_after_rap", turns_after_rap_},
          {"players", PlayersJson()}};
}

void CardGolfState::CheckInvariants() const {
  const auto require = [](bool holds, const std::string& what) {
    if (!holds) throw std::logic_error("card-golf invariant broken: " + what);
  };
  require(deck_left_ >= 0 && deck_left_ <= golf().DrawDeckAfterDeal(), "deck count in range");
  require(phase_ != Phase::kTurns || (to_play_ >= 0 && !discard_pile_.empty()),
          "a player to play and a discard pile during turns");
  require(turns_after_rap_ >= 0 && turns_after_rap_ < game().NumPlayers(),
          "last turns after a rap in range");
  require(KnownCards().size() <= static_cast<size_t>(golf().supply().TotalCards()),
          "no more cards known than exist");
  for (const PlayerCards& player : players_) {
    require(player.hand_size() == kHandCards, "five cards in hand between turns");
    require(player.known_hand().size() <= static_cast<size_t>(kHandCards),
            "no more known hand cards than the hand holds");
    if (player.revealed()) {
      const int total = player.revealed()->score.total;
      require(total >= 0 && total <= kMaxTotal, "a total in range");
    }
  }
  require((phase_ == Phase::kOver) == Unrevealed().empty(), "over exactly when all revealed");
}

}  // namespace tabref::rules::card_golf
