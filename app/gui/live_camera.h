#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <memory>
#include <optional>

#include "app/gui/live_camera_worker.h"

class QThread;

namespace tabref::gui {

class CameraView;
class GameController;
class QuestionBar;

// The live referee of the main window, seen from the GUI thread. It owns the worker's
// thread, shows its frames in the camera view and its questions in the question bar, and
// keeps the worker's copy of the game in step with the GameController, which stays the only
// writer of the store: every action the referee takes is recorded through the controller (so
// it is checked, stored and undoable like an entry by hand); every other change of the game
// is sent to the worker.
class LiveCamera : public QObject {
  Q_OBJECT

 public:
  LiveCamera(GameController& controller, CameraView& view, QuestionBar& questions,
             QObject* parent = nullptr);
  ~LiveCamera() override;

  // How the synthetic table plays for `sim:SEED` (default GuiSimulatedTable(game); the
  // players are always the game's).
  void setSimulatedTable(const referee::SimulatedTableSettings& table) { simulated_table_ = table; }

  // Empty when the game in play can be refereed by the camera, else why not (one line).
  QString whyNotRefereed() const;
  // Opens `source` (as `tabref referee --source` takes it) and referees the game in play
  // from it, instead of the source connected before, with the newest lens stored for
  // `camera_name` (Camera → Calibrate camera…; without one the focal length is estimated
  // from the markers). False, with the reason through failed(), when the game is not
  // refereed, the source cannot be opened or the stored lens cannot be read: nothing changes.
  // `sim:SEED` goes on with the game in play when it is set up as the synthetic table sets
  // its game up (its court, its options; the game's players), else starts a new one so.
  bool connectSource(const QString& source, const QString& camera_name = "default");
  // Stops the referee (joins its thread); the actions it took before stopping are recorded.
  void disconnectSource();
  bool isConnected() const { return worker_ != nullptr; }
  QString source() const { return source_; }
  QString cameraName() const { return camera_name_; }
  // The referee's status line; empty while not connected.
  QString status() const { return status_; }
  // Actions of the referee recorded / refused by the rules since the program started.
  int recorded() const { return recorded_; }
  int refused() const { return refused_; }

 signals:
  void statusChanged(const QString& status);
  void connectedChanged(bool connected);
  void failed(const QString& problem);

 private:
  void record(qint64 epoch, const ProposedAction& proposal);
  void sendState(const SharedState& state);
  void gameOpened();
  void gameChanged();
  void workerFinished(const QString& why, const QString& problem);
  void setStatus(const QString& status);

  GameController& controller_;
  CameraView& view_;
  QuestionBar& questions_;
  std::optional<referee::SimulatedTableSettings> simulated_table_;
  QString source_;
  QString camera_name_ = "default";
  QString lens_note_;  // which lens the referee uses, shown with its status
  QString status_;
  // While connected: the thread, the worker on it and the context of its signals (deleted
  // with the connection, so nothing from an old worker arrives after it).
  std::unique_ptr<QThread> thread_;
  LiveCameraWorker* worker_ = nullptr;
  QPointer<QObject> link_;
  std::shared_ptr<std::atomic<bool>> ready_for_frame_;
  qint64 epoch_ = 0;        // game openings since connected
  qint64 seen_ = 0;         // the last proposal handled
  bool recording_ = false;  // a proposal is being recorded: not a change to send back
  int recorded_ = 0;
  int refused_ = 0;
};

}  // namespace tabref::gui
