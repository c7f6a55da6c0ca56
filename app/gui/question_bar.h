#pragma once

#include <QFrame>
#include <QString>
#include <QStringList>

class QHBoxLayout;
class QLabel;
class QPushButton;

namespace tabref::gui {

// The live referee's question to the players ("too close to call: which bowl is nearer?"),
// shown above the manual entry without stopping anything: one button per answer. Hidden
// while there is no question.
class QuestionBar : public QFrame {
  Q_OBJECT

 public:
  explicit QuestionBar(QWidget* parent = nullptr);

  QString question() const { return question_; }
  // The answer buttons, in the order of the choices.
  QList<QPushButton*> choiceButtons() const { return buttons_; }

 public slots:
  void ask(const QString& question, const QStringList& choices);
  // The question is settled (answered, or no longer asked): hides the bar.
  void withdraw();

 signals:
  void answered(const QString& question, int choice);

 private:
  QLabel* text_;
  QHBoxLayout* choices_layout_;
  QList<QPushButton*> buttons_;
  QString question_;
};

}  // namespace tabref::gui
