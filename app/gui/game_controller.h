#pragma once

#include <QObject>
#include <QString>
#include <cstdint>
#include <optional>

#include "data/session/game_session.h"
#include "data/store/game_store.h"
#include "rules/core/json.h"
#include "rules/core/state.h"

namespace tabref::gui {

// The one game on the table: every widget reads the state from here and every entry
// (manual or the live camera's) goes through here, so it is checked by the rules and
// stored before anything is shown. A refused entry changes nothing and reports why.
class GameController : public QObject {
  Q_OBJECT

 public:
  explicit GameController(data::GameStore& store, QObject* parent = nullptr);

  data::GameStore& store() { return *store_; }
  bool hasGame() const { return session_.has_value(); }
  // Only while hasGame().
  const rules::State& state() const { return session_->state(); }
  std::int64_t gameId() const { return session_->id(); }

  // Each returns whether it succeeded; a failure is reported through failed().
  bool startGame(const rules::GameSetup& setup);
  bool openGame(std::int64_t game_id);
  // Opens the newest unfinished game, if there is one.
  bool continueLatestUnfinished();
  // `evidence`: the measurements behind a vision action, stored with it.
  bool act(const rules::Json& body, rules::ActionSource source = rules::ActionSource::kManual,
           const rules::Json& evidence = nullptr);
  bool undo();
  // Applies the action the last undo took back again (Ctrl+Shift+Z after a slip of Ctrl+Z).
  bool redo();
  bool canRedo() const { return session_ && session_->CanRedo(); }
  // Replaces action number `index` (1-based); stored as a correction.
  bool correct(int index, const rules::Json& replacement);

 signals:
  // A game was started or opened.
  void gameOpened();
  // The state changed (an action, an undo or a correction).
  void stateChanged();
  void failed(const QString& reason);

 private:
  template <typename Change>
  bool attempt(Change&& change);

  data::GameStore* store_;
  std::optional<data::GameSession> session_;
};

}  // namespace tabref::gui
