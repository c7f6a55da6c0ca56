#include "app/gui/source_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tabref::gui {
namespace {

enum Kind { kWebcam, kVideo, kFolder, kSimulated };

struct KindText {
  const char* title;
  const char* prefix;  // put before the value in the source name
  const char* placeholder;
  const char* example;
};

const KindText kKinds[] = {
    {"Webcam", "webcam:", "0 or /dev/video0", "0"},
    {"Video file", "", "a recorded game (.mp4, .avi, …)", ""},
    {"Folder of images", "", "a folder of frames, read in name order", ""},
    {"Synthetic table (no camera)", "sim:", "a seed: 1, 2, 3 …", "1"},
};

}  // namespace

SourceDialog::SourceDialog(const QString& last_source, const QString& camera_name, QWidget* parent)
    : QDialog(parent),
      kind_(new QComboBox),
      value_(new QLineEdit),
      camera_name_(new QLineEdit(camera_name)),
      browse_(new QPushButton) {
  setWindowTitle(tr("Connect the camera"));
  for (const KindText& kind : kKinds) kind_->addItem(tr(kind.title));
  browse_->setText(tr("Browse…"));
  auto* value_row = new QHBoxLayout;
  value_row->addWidget(value_, 1);
  value_row->addWidget(browse_);
  auto* form = new QFormLayout;
  form->addRow(tr("Source"), kind_);
  form->addRow(tr("Which"), value_row);
  camera_name_->setToolTip(
      tr("The lens calibrated under this name (Camera → Calibrate "
         "camera…) is used; without one the focal length is estimated"));
  form->addRow(tr("Camera name in the store"), camera_name_);
  auto* hint =
      new QLabel(tr("The camera looks down on the table with the four corner markers "
                    "in view; the synthetic table plays a game without one."));
  hint->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(hint);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(kind_, &QComboBox::currentIndexChanged, this, &SourceDialog::kindChanged);
  connect(browse_, &QPushButton::clicked, this, &SourceDialog::browse);

  kindChanged();
  // The last source comes back as it was given.
  for (int kind = kWebcam; kind <= kSimulated; ++kind) {
    const QString prefix = kKinds[kind].prefix;
    if (!prefix.isEmpty() && last_source.startsWith(prefix)) {
      kind_->setCurrentIndex(kind);
      value_->setText(last_source.mid(prefix.size()));
      return;
    }
  }
  if (!last_source.isEmpty()) {
    kind_->setCurrentIndex(QFileInfo(last_source).isDir() ? kFolder : kVideo);
    value_->setText(last_source);
  }
}

QString SourceDialog::sourceName() const {
  return QString(kKinds[kind_->currentIndex()].prefix) + value_->text().trimmed();
}

QString SourceDialog::cameraName() const { return camera_name_->text().trimmed(); }

void SourceDialog::kindChanged() {
  const KindText& kind = kKinds[kind_->currentIndex()];
  value_->setPlaceholderText(tr(kind.placeholder));
  value_->setText(kind.example);
  browse_->setEnabled(kind_->currentIndex() == kVideo || kind_->currentIndex() == kFolder);
  camera_name_->setEnabled(kind_->currentIndex() != kSimulated);
}

void SourceDialog::browse() {
  const QString chosen =
      kind_->currentIndex() == kFolder
          ? QFileDialog::getExistingDirectory(this, tr("Folder of frames"), value_->text())
          : QFileDialog::getOpenFileName(this, tr("Video of the table"), value_->text(),
                                         tr("Videos (*.mp4 *.avi *.mkv *.mov);;All files (*)"));
  if (!chosen.isEmpty()) value_->setText(chosen);
}

}  // namespace tabref::gui
