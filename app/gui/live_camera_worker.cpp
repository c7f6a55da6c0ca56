#include "app/gui/live_camera_worker.h"

#include <QMetaObject>

#include "app/gui/frame_image.h"
#include "app/gui/live_referee_setup.h"
#include "app/gui/qt_text.h"
#include "app/referee/live/annotated_video.h"
#include "rules/core/rule_error.h"

namespace tabref::gui {

LiveCameraWorker::LiveCameraWorker(referee::OpenedSource opened,
                                   std::optional<calibration::Intrinsics> lens,
                                   const SharedState& state, qint64 epoch,
                                   std::shared_ptr<std::atomic<bool>> ready_for_frame)
    : opened_(std::move(opened)),
      lens_(std::move(lens)),
      source_name_(opened_.source->Describe()),
      epoch_(epoch),
      ready_for_frame_(std::move(ready_for_frame)) {
  qRegisterMetaType<SharedState>("tabref::gui::SharedState");
  qRegisterMetaType<ProposedAction>("tabref::gui::ProposedAction");
  startReferee(state);
}

LiveCameraWorker::~LiveCameraWorker() = default;

void LiveCameraWorker::startReferee(const SharedState& state) {
  // The referee keeps a reference to its scorekeeper: the old referee goes first.
  referee_.reset();
  mirror_ = std::make_unique<MirrorScorekeeper>(state->Clone());
  referee_ = MakeGuiLiveReferee(
      opened_, *mirror_,
      [this](const rules::State& asked, const referee::ManualDecision& decision) {
        return ask(asked, decision);
      },
      lens_);
  last_event_.clear();
  table_lost_ = false;
  withdrawQuestion();
}

void LiveCameraWorker::answer(const QString& question, int choice) {
  const std::lock_guard lock(answer_mutex_);
  answer_ = {question.toStdString(), choice};
}

std::optional<rules::Json> LiveCameraWorker::ask(const rules::State& state,
                                                 const referee::ManualDecision& decision) {
  // The synthetic table's players answer from what really happened, as in the demo.
  if (opened_.simulated != nullptr) return opened_.simulated->AnswerAsTruth(state, decision);
  asked_this_frame_ = true;
  {
    const std::lock_guard lock(answer_mutex_);
    if (answer_ && answer_->first == decision.question) {
      const int choice = answer_->second;
      answer_.reset();
      if (choice >= 0 && choice < static_cast<int>(decision.choices.size())) {
        posted_question_.clear();
        emit questionWithdrawn();
        return decision.choices[static_cast<size_t>(choice)].action;
      }
    }
  }
  if (posted_question_ != decision.question) {
    posted_question_ = decision.question;
    QStringList labels;
    for (const rules::LegalAction& choice : decision.choices) labels << ToQString(choice.label);
    emit questionAsked(ToQString(decision.question), labels);
  }
  return std::nullopt;
}

void LiveCameraWorker::withdrawQuestion() {
  if (posted_question_.empty()) return;
  posted_question_.clear();
  {
    // An answer that came too late must not answer a later question worded the same.
    const std::lock_guard lock(answer_mutex_);
    answer_.reset();
  }
  emit questionWithdrawn();
}

void LiveCameraWorker::start() {
  setStatus("looking for the table markers");
  QMetaObject::invokeMethod(this, &LiveCameraWorker::step, Qt::QueuedConnection);
}

void LiveCameraWorker::followGui(const SharedState& state, qint64 seen, qint64 epoch) {
  if (finished_) return;
  try {
    if (epoch != epoch_) {
      epoch_ = epoch;
      startReferee(state);
      setStatus("looking for the table markers");
    } else if (state) {
      mirror_->Replace(state->Clone(), seen);
      referee_->StateReplaced();
    } else {
      mirror_->Acknowledge(seen);
    }
  } catch (const std::exception& error) {
    finish("", error.what());
  }
}

void LiveCameraWorker::step() {
  if (finished_) return;
  if (stop_) {
    finish("disconnected", "");
    return;
  }
  try {
    asked_this_frame_ = false;
    vision::FrameRead read = opened_.source->Read();
    switch (read.status) {
      case vision::ReadStatus::kEnded:
        finish(read.message.empty() ? "the source has no more frames" : read.message, "");
        return;
      case vision::ReadStatus::kWaiting:
        handle(referee_->AskPending(time_s_));
        setStatus("waiting for the camera: " + read.message);
        break;
      case vision::ReadStatus::kFrame:
        time_s_ = read.frame.time_s;
        try {
          handle(referee_->Process(read.frame));
        } catch (const rules::RuleError& error) {
          // An answer the GUI's game no longer takes: the referee asks again.
          last_event_ = std::string("refused: ") + error.what();
        }
        showFrame(read.frame.image);
        break;
    }
    if (!asked_this_frame_) withdrawQuestion();
    for (ProposedAction& proposal : mirror_->TakeProposals()) emit actionProposed(epoch_, proposal);
  } catch (const std::exception& error) {
    finish("", error.what());
    return;
  }
  QMetaObject::invokeMethod(this, &LiveCameraWorker::step, Qt::QueuedConnection);
}

void LiveCameraWorker::handle(const std::vector<referee::LiveEvent>& events) {
  using Kind = referee::LiveEvent::Kind;
  for (const referee::LiveEvent& event : events) {
    if (event.kind == Kind::kTracking) continue;
    last_event_ = event.text;
    if (event.kind == Kind::kTableLost) table_lost_ = true;
    if (event.kind == Kind::kCalibrated) table_lost_ = false;
  }
  if (table_lost_) {
    setStatus("table lost (markers moved or covered): finding it again");
  } else {
    setStatus(referee_->Calibrated() ? "table found, refereeing" : "looking for the table markers");
  }
}

void LiveCameraWorker::showFrame(const cv::Mat& image) {
  // Only one frame on its way to the GUI at a time: the others are skipped.
  if (ready_for_frame_->exchange(false))
    emit frameReady(ToQImage(referee::Annotate(image, *referee_, last_event_)));
}

void LiveCameraWorker::setStatus(const std::string& status) {
  if (status == status_) return;
  status_ = status;
  emit statusChanged(ToQString(source_name_ + ": " + status));
}

void LiveCameraWorker::finish(const std::string& why, const std::string& problem) {
  if (finished_) return;
  finished_ = true;
  withdrawQuestion();
  for (ProposedAction& proposal : mirror_->TakeProposals()) emit actionProposed(epoch_, proposal);
  emit finished(ToQString(why), ToQString(problem));
}

}  // namespace tabref::gui
