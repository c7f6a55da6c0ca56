#include "app/gui/question_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tabref::gui {

QuestionBar::QuestionBar(QWidget* parent)
    : QFrame(parent), text_(new QLabel), choices_layout_(new QHBoxLayout) {
  setObjectName("questionBar");
  setFrameShape(QFrame::StyledPanel);
  setStyleSheet("#questionBar { background: #FFF3CD; }");
  text_->setWordWrap(true);
  QFont bold = text_->font();
  bold.setBold(true);
  text_->setFont(bold);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addLayout(choices_layout_);
  hide();
}

void QuestionBar::ask(const QString& question, const QStringList& choices) {
  withdraw();
  question_ = question;
  text_->setText(tr("The camera asks: %1").arg(question));
  for (int index = 0; index < choices.size(); ++index) {
    auto* button = new QPushButton(choices[index]);
    connect(button, &QPushButton::clicked, this, [this, index] {
      const QString answered_question = question_;
      withdraw();
      emit answered(answered_question, index);
    });
    choices_layout_->addWidget(button);
    buttons_ << button;
  }
  show();
}

void QuestionBar::withdraw() {
  for (QPushButton* button : buttons_) button->deleteLater();
  buttons_.clear();
  question_.clear();
  hide();
}

}  // namespace tabref::gui
