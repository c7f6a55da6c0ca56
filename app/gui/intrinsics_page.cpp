#include "app/gui/intrinsics_page.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/calibration_overlay.h"
#include "app/gui/camera_view.h"
#include "app/gui/qt_text.h"
#include "app/gui/wizard_status.h"
#include "calibration/intrinsics_calibration.h"

namespace tabref::gui {
namespace {

// Under this RMS a lens calibration is good; the library refuses one over 1 px.
constexpr double kGoodRmsPx = 0.5;

QString Pixels(double value, int decimals = 1) { return QString::number(value, 'f', decimals); }

QString DescribeLens(const calibration::Intrinsics& lens) {
  const cv::Matx33d& k = lens.camera_matrix;
  return QObject::tr("%1x%2, focal length %3 px, principal point (%4, %5) px")
      .arg(lens.image_size.width)
      .arg(lens.image_size.height)
      .arg(Pixels(k(0, 0)), Pixels(k(0, 2)), Pixels(k(1, 2)));
}

QString DescribeResult(const calibration::IntrinsicsCalibrationResult& result) {
  const double rms = *result.intrinsics.avg_reprojection_error;
  QString text =
      QObject::tr("Reprojection error %1 px over %2 views: %3. %4.")
          .arg(Pixels(rms, 2))
          .arg(result.views.size())
          .arg(rms < kGoodRmsPx ? QObject::tr("good")
                                : QObject::tr("usable, though a flatter board held stiller "
                                              "would do better"),
               DescribeLens(result.intrinsics));
  for (const calibration::ViewResidual& outlier : result.outliers) {
    text += QObject::tr(" Left out %1 (%2 px off).")
                .arg(ToQString(outlier.name), Pixels(outlier.rms_px, 2));
  }
  return text;
}

}  // namespace

IntrinsicsPage::IntrinsicsPage(CalibrationSession& session, QWidget* parent)
    : CameraPage(session, parent),
      stored_(new QLabel),
      progress_(new QProgressBar),
      guidance_(new WizardStatus),
      calibrate_(new QPushButton(tr("&Calibrate"))),
      result_(new WizardStatus) {
  setTitle(tr("Calibrate the lens"));
  setSubTitle(
      tr("Step 2 of 3: show the ChArUco board in every part of the picture and tilted "
         "each way; views are kept automatically. Once per camera and resolution."));
  stored_->setWordWrap(true);
  progress_->setRange(0, kWantedViews);
  progress_->setFormat(tr("%v of %m views"));
  guidance_->setObjectName("guidance");
  calibrate_->setObjectName("calibrate");
  calibrate_->setEnabled(false);
  result_->setObjectName("result");
  connect(calibrate_, &QPushButton::clicked, this, &IntrinsicsPage::calibrate);
  connect(&job_, &BackgroundJob::finished, this, [this] {
    showGuidance();
    emit completeChanged();
    emit calibrationFinished();
  });

  auto* row = new QHBoxLayout;
  row->addWidget(progress_, 1);
  row->addWidget(calibrate_);
  QVBoxLayout* layout = pageLayout();
  layout->addLayout(row);
  layout->addWidget(guidance_);
  layout->addWidget(result_);
  layout->addWidget(stored_);
}

void IntrinsicsPage::initializePage() {
  latest_.reset();
  result_->clear();
  cameraView().setOverlay({});
  showStored();
  showGuidance();
  startCamera(MakeBoardAnalyser(session_.source_is_photos));
}

bool IntrinsicsPage::isComplete() const { return !job_.busy(); }

int IntrinsicsPage::viewsKept() const {
  return latest_ ? static_cast<int>(latest_->views.size()) : 0;
}

bool IntrinsicsPage::canCalibrate() const {
  return !job_.busy() && viewsKept() >= calibration::IntrinsicsCalibrationOptions{}.min_views;
}

void IntrinsicsPage::showFindings(const AnalysedFrame& frame) {
  latest_ = std::dynamic_pointer_cast<const BoardFindings>(frame.findings);
  if (!latest_) return;
  std::shared_ptr<const BoardFindings> findings = latest_;
  cameraView().setOverlay([findings](QPainter& painter, const QSize&) {
    DrawKeptViews(painter, findings->views);
    if (findings->board) DrawBoardCorners(painter, *findings->board);
  });
  showGuidance();
}

void IntrinsicsPage::allFramesSeen() {
  if (latest_ && latest_->views.empty()) {
    guidance_->showProblem(tr("The board was not found in any of the %1 pictures: are they of "
                              "the printed ChArUco board (9x6 squares), all of it in view?")
                               .arg(framesRead()));
  }
}

void IntrinsicsPage::showGuidance() {
  const int kept = viewsKept();
  progress_->setValue(std::min(kept, kWantedViews));
  calibrate_->setEnabled(canCalibrate());
  if (!latest_) {
    guidance_->showInfo(tr("Waiting for the first picture…"));
    return;
  }
  guidance_->showInfo(BoardNextStep(*latest_, calibration::IntrinsicsCalibrationOptions{}.min_views,
                                    kWantedViews, session_.source_is_photos));
}

void IntrinsicsPage::showStored() {
  try {
    if (auto stored = session_.StoredIntrinsics()) {
      const calibration::Intrinsics lens = calibration::IntrinsicsFromYaml(stored->yaml);
      stored_->setText(tr("Stored for %1 on %2: %3, reprojection error %4 px. Skip this step "
                          "(Next) to keep using it.")
                           .arg(CameraLabel(session_.camera_name), ToQString(stored->created_at),
                                DescribeLens(lens), Pixels(stored->residual_rms, 2)));
    } else {
      stored_->setText(tr("No lens calibration is stored for %1 yet. Calibrate it here, or skip "
                          "this step: the table step then estimates the focal length from the "
                          "markers, a few millimetres less accurate at the table's edges.")
                           .arg(CameraLabel(session_.camera_name)));
    }
  } catch (const std::exception& error) {
    stored_->setText(
        tr("The stored lens calibration cannot be read: %1").arg(ToQString(error.what())));
  }
}

void IntrinsicsPage::calibrate() {
  if (!canCalibrate()) return;
  const std::vector<calibration::BoardView> views = latest_->views;
  result_->showInfo(tr("Calibrating from %1 views…").arg(views.size()));
  calibrate_->setEnabled(false);
  job_.start([this, views]() -> std::function<void()> {
    try {
      const calibration::IntrinsicsCalibrationResult result =
          calibration::CalibrateIntrinsics(views);
      return [this, result] {
        try {
          session_.Store("intrinsics", *result.intrinsics.avg_reprojection_error,
                         calibration::IntrinsicsToYaml(result.intrinsics));
        } catch (const std::exception& error) {
          result_->showProblem(
              tr("Calibrated, but it could not be stored: %1").arg(ToQString(error.what())));
          return;
        }
        session_.new_intrinsics = result.intrinsics;
        result_->showGood(DescribeResult(result) + " " +
                          tr("Stored for %1.").arg(CameraLabel(session_.camera_name)));
        showStored();
      };
    } catch (const std::exception& error) {
      const QString problem = ToQString(error.what());
      return [this, problem] { result_->showProblem(problem); };
    }
  });
  emit completeChanged();
}

}  // namespace tabref::gui
