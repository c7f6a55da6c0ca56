#include "app/gui/game_controller.h"

#include <stdexcept>

#include "app/gui/qt_text.h"

namespace tabref::gui {

GameController::GameController(data::GameStore& store, QObject* parent)
    : QObject(parent), store_(&store) {}

template <typename Change>
bool GameController::attempt(Change&& change) {
  try {
    change();
    return true;
  } catch (const std::exception& error) {
    // RuleError and StoreError both carry one line that explains what to do.
    emit failed(ToQString(error.what()));
    return false;
  }
}

bool GameController::startGame(const rules::GameSetup& setup) {
  const bool started =
      attempt([&] { session_.emplace(data::GameSession::Create(*store_, setup)); });
  if (started) emit gameOpened();
  return started;
}

bool GameController::openGame(std::int64_t game_id) {
  const bool opened = attempt([&] { session_.emplace(data::GameSession::Open(*store_, game_id)); });
  if (opened) emit gameOpened();
  return opened;
}

bool GameController::continueLatestUnfinished() {
  std::vector<data::GameRecord> unfinished;
  if (!attempt([&] { unfinished = store_->Games(/*unfinished_only=*/true); })) return false;
  return !unfinished.empty() && openGame(unfinished.front().id);
}

bool GameController::act(const rules::Json& body, rules::ActionSource source,
                         const rules::Json& evidence) {
  if (!session_) return false;
  const bool acted = attempt([&] { session_->Act(rules::Action{body, source}, evidence); });
  if (acted) emit stateChanged();
  return acted;
}

bool GameController::undo() {
  if (!session_) return false;
  const bool undone = attempt([&] { session_->Undo(); });
  if (undone) emit stateChanged();
  return undone;
}

bool GameController::redo() {
  if (!session_) return false;
  const bool redone = attempt([&] { session_->Redo(); });
  if (redone) emit stateChanged();
  return redone;
}

bool GameController::correct(int index, const rules::Json& replacement) {
  if (!session_) return false;
  const bool corrected = attempt([&] { session_->Correct(index, replacement); });
  if (corrected) emit stateChanged();
  return corrected;
}

}  // namespace tabref::gui
