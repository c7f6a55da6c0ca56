#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"
#include "rules/core/state.h"

namespace tabref::referee {

// A question for the players: the engine cannot go on until one of `choices` is applied as
// a manual action (the GUI prompts, the command line asks, the simulator answers from its
// ground truth).
struct ManualDecision {
  std::string kind;      // the action type that answers it: "leader", "ruling", "choose_size", ...
  std::string question;  // one line for the players: the engine's status line, or why the
                         // camera could not judge
  std::vector<int> actors;                  // seats who answer
  std::vector<rules::LegalAction> choices;  // the manual actions that answer it
};

// What the engine waits for now.
enum class Awaiting {
  kShot,      // a shot on the table, judged by the camera
  kDecision,  // a manual decision of the players
  kNothing,   // the game is over
};

struct Expectation {
  Awaiting awaiting = Awaiting::kNothing;
  // kShot: the action type the shot turns into ("jack", "bowl", "flick", "place_target",
  // "shot"); empty otherwise.
  std::string shot;
  // Seats who may shoot now (the engine's preferred first) or must decide.
  std::vector<int> actors;
  ManualDecision decision;  // kDecision
  std::string status;       // the engine's status line
};

// The referee's reading of one shot.
enum class VerdictKind {
  kAction,      // `action` is the rules action to apply (source: vision)
  kAskPlayers,  // the camera cannot tell: the players answer `question`
  kNotJudged,   // not a shot the rules count now (or not yet readable): nothing to apply
};

struct Verdict {
  VerdictKind kind = VerdictKind::kNotJudged;
  rules::Json action;       // kAction
  ManualDecision question;  // kAskPlayers
  std::string reason;       // one line: what was seen, or why it is not judged
  // kNotJudged: not yet, the players are to set something right on the table (stand the
  // target upright); the shot is judged again with the table as they leave it.
  bool until_table_fixed = false;

  static Verdict Act(rules::Json action, std::string reason = "");
  static Verdict Ask(ManualDecision question, std::string reason);
  static Verdict NotJudged(std::string reason);
  static Verdict NotYet(std::string reason);
};

const char* ToString(Awaiting awaiting);
const char* ToString(VerdictKind kind);

}  // namespace tabref::referee
