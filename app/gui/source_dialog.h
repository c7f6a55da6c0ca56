#pragma once

#include <QDialog>
#include <QString>

class QComboBox;
class QLineEdit;
class QPushButton;

namespace tabref::gui {

// Camera → Connect…: where the live referee's frames come from, as the source name
// `tabref referee --source` takes (webcam:N or webcam:/dev/videoN, a video file, a folder of
// images, sim:SEED for the synthetic table).
class SourceDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SourceDialog(const QString& last_source = {}, const QString& camera_name = "default",
                        QWidget* parent = nullptr);

  QString sourceName() const;
  // The camera's name in the store, whose calibrated lens the referee uses.
  QString cameraName() const;
  // For tests: the kind drop-down and its value.
  QComboBox& kind() { return *kind_; }
  QLineEdit& value() { return *value_; }

 private:
  void kindChanged();
  void browse();

  QComboBox* kind_;
  QLineEdit* value_;
  QLineEdit* camera_name_;
  QPushButton* browse_;
};

}  // namespace tabref::gui
