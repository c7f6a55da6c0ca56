#pragma once

#include <QString>
#include <vector>

#include "rules/core/action.h"
#include "rules/core/state.h"

namespace tabref::gui {

// One readable line for an action in the log, with the player first and measurements
// rounded to the millimetre: "Carl: flick, hit", "thrust: cards Ann 2, Bob J, Cy Q",
// "Bea: flick, coins Bea (349, 398)". Uncertainties, false flags and empty lists are left
// out; the full action is in ActionDetails.
// `actor` names who acted when the action itself does not (a card game's turn).
QString ActionText(const rules::Action& action, const QString& actor = {});
// Who took each action of the state's history, found by replaying it: the one player the
// rules expected then, or "" where several could act.
std::vector<QString> HistoryActors(const rules::State& state);
// The action's JSON, indented, for a tooltip.
QString ActionDetails(const rules::Action& action);
// "manual", "vision" or "correction".
QString SourceText(rules::ActionSource source);

}  // namespace tabref::gui
