#pragma once

#include <string>

#include "app/gui/json_form.h"
#include "rules/core/state.h"

namespace tabref::gui {

// What the entry forms offer as drop-downs while playing `state`: the players for any
// field that names one, the card ranks for the card games' card fields, and the choices
// the game documents for fields such as a golf ball throw or a penalty's payment.
FieldChoices ActionChoices(const rules::State& state);

// Whether the players must fill in values before `legal` can be entered: measurements,
// and the cards of the card games, which the engine only offers an example of. Anything
// else (a player, a side, a number of points) is part of what the action is.
bool AsksForValues(const std::string& game, const rules::LegalAction& legal);

// The choices each option of game `game` documents (bocce "axis": x or y, ...), for the
// new game dialog.
FieldChoices OptionChoices(const std::string& game);
// Like OptionChoices, and the players' names for an option that names a player, such as
// Table Fencing's "start".
FieldChoices OptionChoices(const std::string& game, const QStringList& players);

// What each option of game `game` means (docs/game-log.md), for tooltips.
FieldHelp OptionHelp(const std::string& game);

// Whether an option describes the table and the camera's measuring (court corners, tile
// and coin sizes, close-call tolerances) rather than the rules players choose.
bool IsTableOption(const std::string& key);

}  // namespace tabref::gui
