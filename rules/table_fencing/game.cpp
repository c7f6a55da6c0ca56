#include "rules/table_fencing/game.h"

#include "rules/table_fencing/state.h"

namespace tabref::rules::table_fencing {

TableFencingGame::TableFencingGame(GameSetup setup, Options options)
    : Game(std::move(setup)), options_(std::move(options)) {}

std::unique_ptr<State> TableFencingGame::NewInitialState() const {
  return std::make_unique<TableFencingState>(
      std::static_pointer_cast<const TableFencingGame>(shared_from_this()));
}

Json TableFencingGame::ResolvedOptions() const {
  Json json = options_.ToJson();
  json["start"] = PlayerName(options_.StartSeat(setup()));
  return json;
}

}  // namespace tabref::rules::table_fencing
