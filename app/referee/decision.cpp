#include "app/referee/decision.h"

#include <utility>

namespace tabref::referee {

Verdict Verdict::Act(rules::Json action, std::string reason) {
  return {VerdictKind::kAction, std::move(action), {}, std::move(reason)};
}

Verdict Verdict::Ask(ManualDecision question, std::string reason) {
  return {VerdictKind::kAskPlayers, rules::Json(), std::move(question), std::move(reason)};
}

Verdict Verdict::NotJudged(std::string reason) {
  return {VerdictKind::kNotJudged, rules::Json(), {}, std::move(reason)};
}

Verdict Verdict::NotYet(std::string reason) {
  Verdict verdict = NotJudged(std::move(reason));
  verdict.until_table_fixed = true;
  return verdict;
}

const char* ToString(Awaiting awaiting) {
  switch (awaiting) {
    case Awaiting::kShot:
      return "shot";
    case Awaiting::kDecision:
      return "decision";
    case Awaiting::kNothing:
      return "nothing";
  }
  return "?";
}

const char* ToString(VerdictKind kind) {
  switch (kind) {
    case VerdictKind::kAction:
      return "action";
    case VerdictKind::kAskPlayers:
      return "ask players";
    case VerdictKind::kNotJudged:
      return "not judged";
  }
  return "?";
}

}  // namespace tabref::referee
