#pragma once

#include <QLabel>

namespace tabref::gui {

// One line (or a few) in a wizard page saying how things stand: neutral, good (green) or a
// problem (orange-red), so a player sees at a glance whether to act.
class WizardStatus : public QLabel {
  Q_OBJECT

 public:
  enum class Kind { kInfo, kGood, kProblem };

  explicit WizardStatus(QWidget* parent = nullptr);

  void showInfo(const QString& text) { display(Kind::kInfo, text); }
  void showGood(const QString& text) { display(Kind::kGood, text); }
  void showProblem(const QString& text) { display(Kind::kProblem, text); }
  Kind kind() const { return kind_; }

 private:
  void display(Kind kind, const QString& text);

  Kind kind_ = Kind::kInfo;
};

}  // namespace tabref::gui
