#include "app/gui/live_camera.h"

#include <QCoreApplication>
#include <QThread>

#include "app/gui/calibration_session.h"
#include "app/gui/camera_view.h"
#include "app/gui/game_controller.h"
#include "app/gui/live_referee_setup.h"
#include "app/gui/qt_text.h"
#include "app/gui/question_bar.h"
#include "app/referee/registry.h"

namespace tabref::gui {

LiveCamera::LiveCamera(GameController& controller, CameraView& view, QuestionBar& questions,
                       QObject* parent)
    : QObject(parent), controller_(controller), view_(view), questions_(questions) {
  connect(&controller_, &GameController::stateChanged, this, &LiveCamera::gameChanged);
  connect(&controller_, &GameController::gameOpened, this, &LiveCamera::gameOpened);
  connect(&questions_, &QuestionBar::answered, this, [this](const QString& question, int choice) {
    if (worker_) worker_->answer(question, choice);
  });
}

LiveCamera::~LiveCamera() { disconnectSource(); }

QString LiveCamera::whyNotRefereed() const {
  if (!controller_.hasGame()) return tr("Start or open a game first.");
  try {
    referee::FindRefereedGame(controller_.state().game().setup().game);
  } catch (const std::invalid_argument& error) {
    return ToQString(error.what());
  }
  return {};
}

bool LiveCamera::connectSource(const QString& source, const QString& camera_name) {
  const QString why_not = whyNotRefereed();
  if (!why_not.isEmpty()) {
    emit failed(why_not);
    return false;
  }
  const rules::GameSetup setup = controller_.state().game().setup();
  referee::SimulatedTableSettings table = simulated_table_.value_or(GuiSimulatedTable(setup.game));
  table.players = setup.players;
  referee::OpenedSource opened;
  try {
    opened = referee::OpenSource(ToStdString(source.trimmed()), setup.game, table);
  } catch (const std::exception& error) {
    emit failed(tr("Cannot connect the camera: %1").arg(ToQString(error.what())));
    return false;
  }
  std::optional<calibration::Intrinsics> lens;
  QString lens_note;
  if (opened.simulated == nullptr) {
    const std::string camera = ToStdString(camera_name);
    try {
      if (auto stored = controller_.store().LatestCalibration("intrinsics", camera)) {
        lens = calibration::IntrinsicsFromYaml(
            stored->yaml, "the stored intrinsics of " + ToStdString(CameraLabel(camera)));
        lens_note = tr("lens of %1 from %2")
                        .arg(CameraLabel(camera), ToQString(stored->created_at).left(10));
      } else {
        lens_note = tr("no lens stored for %1: focal length estimated").arg(CameraLabel(camera));
      }
    } catch (const std::exception& error) {
      emit failed(tr("Cannot connect the camera: %1").arg(ToQString(error.what())));
      return false;
    }
  }
  disconnectSource();
  if (opened.simulated != nullptr && opened.simulated->Setup().ToJson() != setup.ToJson()) {
    // The synthetic table plays on its own court: judged against another game's court, its
    // shots would not make sense. It gets a game set up for it, stored like any other.
    if (!controller_.startGame(opened.simulated->Setup())) return false;
  }
  lens_note_ = lens_note;
  camera_name_ = camera_name;

  source_ = source.trimmed();
  ++epoch_;
  seen_ = 0;
  ready_for_frame_ = std::make_shared<std::atomic<bool>>(true);
  auto* link = new QObject(this);
  link_ = link;
  thread_ = std::make_unique<QThread>();
  thread_->setObjectName("live referee");
  worker_ =
      new LiveCameraWorker(std::move(opened), std::move(lens),
                           SharedState(controller_.state().Clone()), epoch_, ready_for_frame_);
  worker_->moveToThread(thread_.get());
  connect(thread_.get(), &QThread::finished, worker_, &QObject::deleteLater);
  // All queued (the worker emits on its thread), never blocking: the worker does not wait
  // for the GUI.
  connect(worker_, &LiveCameraWorker::frameReady, link,
          [this, ready = ready_for_frame_](const QImage& frame) {
            view_.setFrame(frame);
            ready->store(true);
          });
  connect(worker_, &LiveCameraWorker::actionProposed, link,
          [this](qint64 epoch, const ProposedAction& proposal) { record(epoch, proposal); });
  connect(worker_, &LiveCameraWorker::statusChanged, link, [this](const QString& status) {
    setStatus(lens_note_.isEmpty() ? status : status + " (" + lens_note_ + ")");
  });
  connect(worker_, &LiveCameraWorker::questionAsked, link,
          [this](const QString& question, const QStringList& choices) {
            questions_.ask(question, choices);
          });
  connect(worker_, &LiveCameraWorker::questionWithdrawn, link, [this] { questions_.withdraw(); });
  connect(worker_, &LiveCameraWorker::finished, link,
          [this](const QString& why, const QString& problem) { workerFinished(why, problem); });
  thread_->start();
  QMetaObject::invokeMethod(worker_, &LiveCameraWorker::start, Qt::QueuedConnection);
  emit connectedChanged(true);
  return true;
}

void LiveCamera::disconnectSource() {
  if (!worker_) return;
  worker_->stop();
  thread_->quit();
  thread_->wait();  // the worker is deleted on its thread as it finishes
  worker_ = nullptr;
  thread_.reset();
  // What the referee judged before it stopped is recorded; its frames and questions go.
  QCoreApplication::sendPostedEvents(link_, QEvent::MetaCall);
  link_->deleteLater();
  questions_.withdraw();
  setStatus({});
  emit connectedChanged(false);
}

void LiveCamera::record(qint64 epoch, const ProposedAction& proposal) {
  if (epoch != epoch_ || !controller_.hasGame()) return;
  seen_ = proposal.number;
  recording_ = true;
  const bool accepted =
      controller_.act(proposal.action.body, proposal.action.source, proposal.evidence);
  recording_ = false;
  if (accepted) {
    ++recorded_;
    sendState(nullptr);
  } else {
    ++refused_;
    sendState(SharedState(controller_.state().Clone()));
  }
}

void LiveCamera::sendState(const SharedState& state) {
  if (!worker_) return;
  QMetaObject::invokeMethod(
      worker_,
      [worker = worker_, state, seen = seen_, epoch = epoch_] {
        worker->followGui(state, seen, epoch);
      },
      Qt::QueuedConnection);
}

void LiveCamera::gameChanged() {
  if (worker_ && !recording_) sendState(SharedState(controller_.state().Clone()));
}

void LiveCamera::gameOpened() {
  if (!worker_) return;
  const QString why_not = whyNotRefereed();
  if (!why_not.isEmpty()) {
    disconnectSource();
    emit failed(tr("The camera was disconnected: %1").arg(why_not));
    return;
  }
  ++epoch_;
  seen_ = 0;
  questions_.withdraw();
  sendState(SharedState(controller_.state().Clone()));
}

void LiveCamera::workerFinished(const QString& why, const QString& problem) {
  disconnectSource();
  if (!problem.isEmpty()) {
    emit failed(tr("The camera stopped: %1").arg(problem));
  } else {
    setStatus(tr("Camera disconnected: %1").arg(why));
  }
}

void LiveCamera::setStatus(const QString& status) {
  if (status == status_) return;
  status_ = status;
  emit statusChanged(status);
}

}  // namespace tabref::gui
