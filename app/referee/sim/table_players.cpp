#include "app/referee/sim/table_players.h"

#include <stdexcept>
#include <string>

#include "app/referee/sim/bocce_table.h"
#include "app/referee/sim/iceboule_table.h"
#include "app/referee/sim/ppolf_table.h"

namespace tabref::referee {

std::unique_ptr<TablePlayers> MakeTablePlayers(std::string_view game,
                                               const TablePlayOptions& options) {
  if (game == "bocce") return std::make_unique<BocceTable>();
  if (game == "ppolf") return std::make_unique<PpolfTable>(options);
  if (game == "iceboule") return std::make_unique<IceBouleTable>();
  throw std::invalid_argument("the synthetic table does not play '" + std::string(game) +
                              "'; it plays bocce, ppolf and iceboule");
}

}  // namespace tabref::referee
