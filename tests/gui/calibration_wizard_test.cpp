#include "app/gui/calibration_wizard.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>
#include <functional>
#include <opencv2/imgcodecs.hpp>

#include "app/gui/calibration_done_page.h"
#include "app/gui/camera_view.h"
#include "app/gui/intrinsics_page.h"
#include "app/gui/markers_page.h"
#include "app/gui/table_page.h"
#include "app/gui/table_views.h"
#include "app/gui/wizard_status.h"
#include "calibration/calibration_error.h"
#include "tests/calibration/synthetic_views.h"
#include "tests/gui/gui_test_support.h"

namespace tabref::gui {
namespace {

using calibration::testing::TableScene;
using calibration::testing::TableView;

// Runs the event loop until `done` (the capture and the calibration run on threads of
// their own). The guard only stops a broken test from hanging the suite.
void WaitFor(const std::function<bool()>& done) {
  for (int waited_ms = 0; !done(); waited_ms += 20) {
    ASSERT_LT(waited_ms, 600'000) << "gave up waiting";
    QTest::qWait(20);
  }
}

void Click(QWidget& page, const QString& button_name) {
  auto* button = page.findChild<QPushButton*>(button_name);
  ASSERT_NE(button, nullptr) << button_name.toStdString();
  ASSERT_TRUE(button->isEnabled()) << button_name.toStdString();
  QTest::mouseClick(button, Qt::LeftButton);
}

void WritePicture(const QString& file, const cv::Mat& image) {
  ASSERT_TRUE(cv::imwrite(file.toStdString(), image)) << file.toStdString();
}

// What a player without a webcam brings: pictures of the board in a folder, and one of the
// table with its four markers, all taken with the same webcam-like lens.
struct PictureFolder {
  QTemporaryDir directory;
  TableScene table;
};

std::unique_ptr<PictureFolder> BoardAndTablePictures() {
  auto folder = std::make_unique<PictureFolder>();
  TableView view;
  view.width = 1280;
  view.height = 720;
  folder->table = calibration::testing::RenderTableScene(view);
  const std::vector<cv::Mat> boards = calibration::testing::RenderBoardViews(
      folder->table.camera, calibration::testing::BoardPattern{}, 14, 3);
  for (size_t i = 0; i < boards.size(); ++i) {
    WritePicture(folder->directory.filePath(QString("board-%1.png").arg(i, 2, 10, QChar('0'))),
                 boards[i]);
  }
  WritePicture(folder->directory.filePath("table.png"), folder->table.image);
  return folder;
}

cv::Point2d MarkerCentre(const vision::sim::TableLayout& layout, int id) {
  const cv::Vec3d centre = layout.MarkerCentres()[static_cast<size_t>(id)];
  return {centre[0], centre[1]};
}

TEST(CalibrationWizardTest, CalibratesTheLensAndTheTableFromAFolderOfPictures) {
  const std::unique_ptr<PictureFolder> pictures = BoardAndTablePictures();
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  wizard.show();
  wizard.markersPage().chooseSource(MarkersPage::kPictureFolder, pictures->directory.path());
  wizard.markersPage().setCameraName("desk webcam");
  wizard.next();
  ASSERT_EQ(wizard.currentId(), CalibrationWizard::kIntrinsicsPage);

  IntrinsicsPage& lens = wizard.intrinsicsPage();
  WaitFor([&] { return lens.sourceEnded(); });
  EXPECT_EQ(lens.framesRead(), 15);
  EXPECT_GE(lens.viewsKept(), 8);
  RecordProperty("views_kept", lens.viewsKept());
  EXPECT_TRUE(lens.cameraView().hasOverlay());
  Click(lens, "calibrate");
  WaitFor([&] { return !lens.calibrating(); });
  EXPECT_EQ(lens.result().kind(), WizardStatus::Kind::kGood) << lens.result().text().toStdString();
  EXPECT_TRUE(lens.result().text().contains("good")) << lens.result().text().toStdString();

  const auto stored_lens = store->LatestCalibration("intrinsics", "desk webcam");
  ASSERT_TRUE(stored_lens);
  EXPECT_LT(stored_lens->residual_rms, 0.5);
  const calibration::Intrinsics intrinsics = calibration::IntrinsicsFromYaml(stored_lens->yaml);
  const double true_focal = pictures->table.camera.camera_matrix(0, 0);
  EXPECT_NEAR(intrinsics.camera_matrix(0, 0), true_focal, 0.01 * true_focal);
  EXPECT_NEAR(intrinsics.camera_matrix(0, 2), pictures->table.camera.camera_matrix(0, 2), 5);
  RecordProperty("focal_error_percent",
                 std::to_string(100 * (intrinsics.camera_matrix(0, 0) / true_focal - 1)));
  RecordProperty("lens_rms_px", std::to_string(stored_lens->residual_rms));

  wizard.next();
  ASSERT_EQ(wizard.currentId(), CalibrationWizard::kTablePage);
  TablePage& table = wizard.tablePage();
  WaitFor([&] { return table.sourceEnded(); });
  ASSERT_TRUE(table.hasCalibration()) << table.calibrationStatus().text().toStdString();
  EXPECT_EQ(table.markerStatus().text(), "All four markers seen.");
  wizard.grab().save(testing::OutputDirectory() + "/gui-calibration-wizard-table.png");
  Click(table, "save");

  const auto stored_table = store->LatestCalibration("table", "desk webcam");
  ASSERT_TRUE(stored_table);
  EXPECT_LT(stored_table->residual_rms, 0.5);
  const calibration::TableCalibration calibrated =
      calibration::TableCalibrationFromYaml(stored_table->yaml);
  EXPECT_FALSE(calibrated.focal_estimated);
  // The markers lie where the synthetic table put them (the table frame's origin is marker 0).
  const cv::Point2d origin = MarkerCentre(pictures->table.layout, 0);
  for (int id = 1; id < 4; ++id) {
    const double true_distance = cv::norm(MarkerCentre(pictures->table.layout, id) - origin);
    EXPECT_NEAR(cv::norm(calibrated.marker_centres_mm[static_cast<size_t>(id)]), true_distance, 1.0)
        << "marker " << id;
  }
  RecordProperty("table_rms_px", std::to_string(stored_table->residual_rms));

  wizard.next();
  ASSERT_EQ(wizard.currentId(), CalibrationWizard::kDonePage);
  const QString summary = wizard.donePage().summary();
  EXPECT_TRUE(summary.contains("Lens: calibrated and stored for camera 'desk webcam'"))
      << summary.toStdString();
  EXPECT_TRUE(summary.contains("Table: saved as calibration #")) << summary.toStdString();
}

TEST(CalibrationWizardTest, AMissingFolderIsRefusedAndNothingIsStored) {
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  wizard.show();
  const QString missing = temp.directory() + "/no-such-folder";
  wizard.markersPage().chooseSource(MarkersPage::kPictureFolder, missing);
  wizard.next();
  EXPECT_EQ(wizard.currentId(), CalibrationWizard::kMarkersPage);
  EXPECT_EQ(wizard.markersPage().status().kind(), WizardStatus::Kind::kProblem);
  EXPECT_EQ(wizard.markersPage().status().text(), missing + ": no such folder.");
  EXPECT_FALSE(store->LatestCalibration("intrinsics", "default"));
  EXPECT_FALSE(store->LatestCalibration("table", "default"));
}

TEST(CalibrationWizardTest, PicturesWithoutTheBoardSaySoAndStoreNothing) {
  QTemporaryDir folder;
  WritePicture(
      folder.filePath("table.png"),
      calibration::testing::RenderTableScene(TableView{.width = 960, .height = 540}).image);
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  wizard.show();
  wizard.markersPage().chooseSource(MarkersPage::kPictureFolder, folder.path());
  wizard.next();
  IntrinsicsPage& lens = wizard.intrinsicsPage();
  WaitFor([&] { return lens.sourceEnded(); });
  const auto* guidance = lens.findChild<WizardStatus*>("guidance");
  ASSERT_NE(guidance, nullptr);
  EXPECT_EQ(guidance->kind(), WizardStatus::Kind::kProblem);
  EXPECT_TRUE(guidance->text().contains("board was not found")) << guidance->text().toStdString();
  EXPECT_FALSE(lens.canCalibrate());
  lens.calibrate();  // ignored
  EXPECT_FALSE(lens.calibrating());
  EXPECT_FALSE(store->LatestCalibration("intrinsics", "default"));
}

TEST(CalibrationWizardTest, NoCameraIsOneClearLine) {
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  wizard.show();
  wizard.markersPage().chooseSource(MarkersPage::kWebcam, "/dev/no-such-camera");
  wizard.next();
  IntrinsicsPage& lens = wizard.intrinsicsPage();
  WaitFor([&] { return lens.sourceEnded(); });
  EXPECT_EQ(lens.cameraStatus().kind(), WizardStatus::Kind::kProblem);
  EXPECT_TRUE(lens.cameraStatus().text().contains("no camera at"))
      << lens.cameraStatus().text().toStdString();
  EXPECT_FALSE(lens.cameraStatus().text().contains('\n'));
}

// Without a lens calibration the table step estimates the focal length; the synthetic
// table's `sim:SEED` source stands in for a webcam.
TEST(CalibrationWizardTest, CalibratesTheTableFromTheSyntheticTableWithoutALens) {
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  wizard.show();
  wizard.markersPage().chooseSource(MarkersPage::kOtherSource, "sim:5");
  wizard.next();
  wizard.next();  // skips the lens
  ASSERT_EQ(wizard.currentId(), CalibrationWizard::kTablePage);
  TablePage& table = wizard.tablePage();
  WaitFor([&] { return table.hasCalibration() || table.sourceEnded(); });
  ASSERT_TRUE(table.hasCalibration()) << table.calibrationStatus().text().toStdString() << " / "
                                      << table.cameraStatus().text().toStdString();
  EXPECT_TRUE(table.calibrationStatus().text().contains("estimated"));
  ASSERT_TRUE(table.save());
  wizard.next();  // stops the simulated table
  const auto stored = store->LatestCalibration("table", "default");
  ASSERT_TRUE(stored);
  EXPECT_TRUE(calibration::TableCalibrationFromYaml(stored->yaml).focal_estimated);
  EXPECT_FALSE(store->LatestCalibration("intrinsics", "default"));
  EXPECT_TRUE(wizard.donePage().summary().contains("Lens: not calibrated"));
}

TEST(CalibrationWizardTest, WritesTheMarkerSheetsAndTheBoardAsPdf) {
  QTemporaryDir folder;
  testing::TempStore temp;
  auto store = temp.Open();
  CalibrationWizard wizard(*store);
  ASSERT_TRUE(wizard.markersPage().writeSheetsTo(folder.path()));
  for (const char* name : {"table-markers-a4.pdf", "charuco-board-a4.pdf"}) {
    QFile file(folder.filePath(name));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    EXPECT_TRUE(file.read(5) == "%PDF-") << name;
  }
  EXPECT_EQ(QDir(folder.path()).entryList(QDir::Files).size(), 2);  // no temporary left
  EXPECT_FALSE(wizard.markersPage().writeSheetsTo(folder.filePath("missing/deeper")));
  EXPECT_EQ(wizard.markersPage().status().kind(), WizardStatus::Kind::kProblem);
}

TEST(CalibrationWizardTest, SaysWhichMarkerIsMissing) {
  calibration::MarkerDetection detection;
  for (int id : {0, 1, 3}) detection.table_markers.push_back({id, {}});
  EXPECT_EQ(MarkersSeen(detection),
            "Markers 0, 1 and 3 seen; marker 2 not seen: is it covered, or outside the picture?");
  EXPECT_EQ(MarkersSeen({}), "No table marker seen: are the sheets in the picture, flat and lit?");
}

TEST(CalibrationWizardTest, OpensFromTheCameraMenu) {
  testing::TempStore temp;
  auto store = temp.Open();
  MainWindow window(*store);
  QAction* calibrate = nullptr;
  for (QAction* menu : window.menuBar()->actions()) {
    if (menu->text() != "&Camera") continue;
    for (QAction* action : menu->menu()->actions()) {
      if (action->text() == QString::fromUtf8("&Calibrate camera…")) calibrate = action;
    }
  }
  ASSERT_NE(calibrate, nullptr);
  testing::WhenModalOpens(window, [] {
    auto* wizard = qobject_cast<CalibrationWizard*>(QApplication::activeModalWidget());
    ASSERT_NE(wizard, nullptr);
    EXPECT_EQ(wizard->currentId(), CalibrationWizard::kMarkersPage);
    wizard->reject();
  });
  calibrate->trigger();
}

}  // namespace
}  // namespace tabref::gui
