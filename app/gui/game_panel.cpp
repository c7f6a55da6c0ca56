#include "app/gui/game_panel.h"

#include "app/gui/bocce_round_panel.h"
#include "app/gui/card_golf_panel.h"
#include "app/gui/iceboule_end_panel.h"
#include "app/gui/ppolf_hole_panel.h"
#include "app/gui/trick_panel.h"

namespace tabref::gui {

std::unique_ptr<GamePanel> MakeGamePanel(const std::string& game) {
  if (game == "card-golf") return std::make_unique<CardGolfPanel>();
  if (game == "table-fencing") return std::make_unique<TrickPanel>();
  if (game == "bocce") return std::make_unique<BocceRoundPanel>();
  if (game == "ppolf") return std::make_unique<PpolfHolePanel>();
  if (game == "iceboule") return std::make_unique<IceBouleEndPanel>();
  return nullptr;
}

}  // namespace tabref::gui
