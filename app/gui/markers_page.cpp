#include "app/gui/markers_page.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <filesystem>

#include "app/gui/qt_text.h"
#include "app/gui/wizard_status.h"
#include "calibration/printable_sheets.h"

namespace tabref::gui {

MarkersPage::MarkersPage(CalibrationSession& session, QWidget* parent)
    : QWizardPage(parent),
      session_(session),
      paper_(new QComboBox),
      marker_mm_(new QDoubleSpinBox),
      source_kind_(new QComboBox),
      source_(new QLineEdit),
      browse_(new QPushButton(tr("Browse…"))),
      camera_name_(new QLineEdit(QString::fromStdString(session.camera_name))),
      status_(new WizardStatus) {
  setTitle(tr("Print the markers and choose the camera"));
  setSubTitle(tr("Step 1 of 3: the four table markers and a board for the lens."));

  auto* steps = new QLabel(
      tr("<ol>"
         "<li>Write the PDFs below and print them at 100 % (\"actual size\", never \"fit to "
         "page\"). Each page has a 100 mm scale bar: measure it.</li>"
         "<li>Lay the four marker sheets flat at the corners of the play area, "
         "counter-clockwise seen from above: <b>0</b> near-left, <b>1</b> near-right, "
         "<b>2</b> far-right, <b>3</b> far-left, their text toward the far side.</li>"
         "<li>Glue the ChArUco board flat on card: it calibrates the lens in the next step.</li>"
         "<li>Mount the webcam above the table so that it sees all four markers.</li></ol>"));
  steps->setWordWrap(true);

  paper_->addItem("A4", "a4");
  paper_->addItem("Letter", "letter");
  marker_mm_->setRange(20, 150);
  marker_mm_->setDecimals(1);
  marker_mm_->setSuffix(" mm");
  marker_mm_->setValue(session.marker_mm);
  marker_mm_->setToolTip(
      tr("The side of a table marker's black square. If your print measures "
         "otherwise, enter what you measure."));
  auto* write = new QPushButton(tr("Write the PDFs to print…"));
  write->setObjectName("writeSheets");
  connect(write, &QPushButton::clicked, this, &MarkersPage::askFolderForSheets);
  auto* print_row = new QHBoxLayout;
  print_row->addWidget(new QLabel(tr("Paper:")));
  print_row->addWidget(paper_);
  print_row->addWidget(new QLabel(tr("Marker side:")));
  print_row->addWidget(marker_mm_);
  print_row->addStretch(1);
  print_row->addWidget(write);

  source_kind_->addItem(tr("Webcam"));
  source_kind_->addItem(tr("Folder of pictures"));
  source_kind_->addItem(tr("Video file or other source"));
  source_->setText("0");
  source_->setObjectName("source");
  camera_name_->setObjectName("cameraName");
  camera_name_->setToolTip(
      tr("The calibrations are stored under this name; the referee looks "
         "them up by it."));
  connect(source_kind_, &QComboBox::currentIndexChanged, this, &MarkersPage::showSourceHint);
  connect(browse_, &QPushButton::clicked, this, &MarkersPage::browseForSource);
  auto* source_row = new QHBoxLayout;
  source_row->addWidget(source_kind_);
  source_row->addWidget(source_, 1);
  source_row->addWidget(browse_);
  auto* camera = new QFormLayout;
  camera->addRow(tr("Camera:"), source_row);
  camera->addRow(tr("Name in the store:"), camera_name_);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(steps);
  layout->addLayout(print_row);
  layout->addSpacing(12);
  layout->addLayout(camera);
  layout->addWidget(status_);
  layout->addStretch(1);
  showSourceHint();
}

bool MarkersPage::writeSheetsTo(const QString& folder) {
  calibration::MarkerSheetOptions options;
  options.paper = calibration::PaperFromName(ToStdString(paper_->currentData().toString()));
  options.marker_mm = marker_mm_->value();
  try {
    const calibration::PrintablePdfs written =
        calibration::WritePrintablePdfs(ToStdString(folder), options);
    status_->showGood(tr("Wrote %1 and %2: print both at 100 %.")
                          .arg(ToQString(written.table_markers.string()),
                               ToQString(written.charuco_board.string())));
    return true;
  } catch (const std::exception& error) {
    status_->showProblem(ToQString(error.what()));
    return false;
  }
}

void MarkersPage::chooseSource(SourceKind kind, const QString& value) {
  source_kind_->setCurrentIndex(kind);
  source_->setText(value);
}

void MarkersPage::setCameraName(const QString& name) { camera_name_->setText(name); }

void MarkersPage::askFolderForSheets() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the PDFs"));
  if (!folder.isEmpty()) writeSheetsTo(folder);
}

void MarkersPage::browseForSource() {
  QString chosen;
  if (source_kind_->currentIndex() == kPictureFolder) {
    chosen = QFileDialog::getExistingDirectory(this, tr("Folder of pictures"));
  } else {
    chosen = QFileDialog::getOpenFileName(this, tr("Video file"));
  }
  if (!chosen.isEmpty()) source_->setText(chosen);
}

void MarkersPage::showSourceHint() {
  const int kind = source_kind_->currentIndex();
  browse_->setEnabled(kind != kWebcam);
  source_->setPlaceholderText(kind == kWebcam          ? tr("0 for /dev/video0, or a device path")
                              : kind == kPictureFolder ? tr("pictures of the board and the table")
                                                       : tr("a video file, or sim:SEED"));
  if (kind == kWebcam && source_->text().isEmpty()) source_->setText("0");
}

bool MarkersPage::validatePage() {
  const QString value = source_->text().trimmed();
  const QString name = camera_name_->text().trimmed();
  if (value.isEmpty()) {
    status_->showProblem(tr("Choose the camera: a webcam number, a folder or a video file."));
    return false;
  }
  if (name.isEmpty()) {
    status_->showProblem(tr("Give the camera a name: its calibrations are stored under it."));
    return false;
  }
  const int kind = source_kind_->currentIndex();
  std::error_code error;
  if (kind == kPictureFolder && !std::filesystem::is_directory(ToStdString(value), error)) {
    status_->showProblem(tr("%1: no such folder.").arg(value));
    return false;
  }
  session_.source = ToStdString(kind == kWebcam ? "webcam:" + value : value);
  session_.source_is_photos = kind == kPictureFolder;
  session_.camera_name = ToStdString(name);
  session_.marker_mm = marker_mm_->value();
  status_->clear();
  return true;
}

}  // namespace tabref::gui
