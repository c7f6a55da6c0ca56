#include "app/gui/action_panel.h"

#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "app/gui/game_choices.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

constexpr int kShortcutKeys = 9;

// Buttons go later, not at once: the one clicked is still delivering its signal.
void RetireButtons(QVBoxLayout* layout) {
  while (QLayoutItem* item = layout->takeAt(0)) {
    if (QWidget* widget = item->widget()) {
      widget->hide();
      widget->deleteLater();
    }
    delete item;
  }
}

}  // namespace

ActionPanel::ActionPanel(QWidget* parent)
    : QWidget(parent),
      pages_(new QStackedWidget(this)),
      button_page_(new QScrollArea),
      buttons_(new QVBoxLayout),
      form_title_(new QLabel(this)),
      form_area_(new QVBoxLayout),
      enter_key_(new QShortcut(QKeySequence(Qt::Key_Return), this)),
      escape_key_(new QShortcut(QKeySequence(Qt::Key_Escape), this)) {
  auto* button_page = new QWidget;
  auto* button_page_layout = new QVBoxLayout(button_page);
  button_page_layout->addLayout(buttons_);
  button_page_layout->addStretch();
  button_page_->setWidgetResizable(true);
  button_page_->setWidget(button_page);
  pages_->addWidget(button_page_);

  auto* form_page = new QWidget;
  auto* form_layout = new QVBoxLayout(form_page);
  form_title_->setWordWrap(true);
  form_title_->setObjectName("formTitle");
  auto* enter = new QPushButton(tr("Enter"), form_page);
  enter->setObjectName("enterAction");
  enter->setDefault(true);
  enter->setToolTip(tr("Record this action (Enter)"));
  auto* back = new QPushButton(tr("Back"), form_page);
  back->setToolTip(tr("Choose another action (Esc)"));
  auto* form_buttons = new QHBoxLayout;
  form_buttons->addWidget(back);
  form_buttons->addStretch();
  form_buttons->addWidget(enter);
  form_layout->addWidget(form_title_);
  form_layout->addLayout(form_area_);
  form_layout->addStretch();
  form_layout->addLayout(form_buttons);
  auto* form_scroll = new QScrollArea;
  form_scroll->setWidgetResizable(true);
  form_scroll->setWidget(form_page);
  pages_->addWidget(form_scroll);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(pages_);

  connect(enter, &QPushButton::clicked, this, &ActionPanel::enterForm);
  connect(back, &QPushButton::clicked, this, &ActionPanel::closeForm);
  for (int key = 0; key < kShortcutKeys; ++key) {
    auto* shortcut = new QShortcut(QKeySequence(Qt::Key_1 + key), this);
    connect(shortcut, &QShortcut::activated, this, [this, key] { choose(key); });
    digit_keys_.push_back(shortcut);
  }
  // Enter and Escape act on the form wherever the focus is, but only while one is open.
  for (QShortcut* key : {enter_key_, escape_key_}) key->setEnabled(false);
  connect(enter_key_, &QShortcut::activated, this, &ActionPanel::enterForm);
  connect(escape_key_, &QShortcut::activated, this, &ActionPanel::closeForm);
}

void ActionPanel::showActions(const rules::State& state, const FieldChoices& choices) {
  closeForm();
  RetireButtons(buttons_);
  legal_ = state.IsTerminal() ? std::vector<rules::LegalAction>{} : state.LegalActions();
  game_ = state.game().setup().game;
  choices_ = choices;
  if (legal_.empty()) {
    buttons_->addWidget(
        new QLabel(state.IsTerminal() ? tr("The game is over.") : tr("Nothing to enter now.")));
    return;
  }
  button_page_->verticalScrollBar()->setValue(0);
  for (size_t i = 0; i < legal_.size(); ++i) {
    const int index = static_cast<int>(i);
    const QString key = index < kShortcutKeys ? QString::number(index + 1) : QString();
    QString text = ToQString(legal_[i].label);
    if (AsksForValues(game_, legal_[i])) text += QString::fromUtf8("…");
    auto* button = new QPushButton(key.isEmpty() ? text : key + "   " + text);
    button->setObjectName(QString("action%1").arg(index + 1));
    button->setStyleSheet("text-align: left; padding: 6px;");
    button->setToolTip(key.isEmpty() ? QString() : tr("Shortcut: %1").arg(key));
    connect(button, &QPushButton::clicked, this, [this, index] { choose(index); });
    buttons_->addWidget(button);
  }
}

void ActionPanel::showNoGame() {
  closeForm();
  RetireButtons(buttons_);
  legal_.clear();
  buttons_->addWidget(new QLabel(tr("Start or open a game to enter actions.")));
}

void ActionPanel::choose(int index) {
  if (index < 0 || index >= static_cast<int>(legal_.size())) return;
  const rules::LegalAction& legal = legal_[static_cast<size_t>(index)];
  if (!AsksForValues(game_, legal)) {
    // A copy: entering the action rebuilds legal_ while the signal is being delivered.
    const rules::Json body = legal.action;
    emit actionEntered(body);
    return;
  }
  closeForm();
  form_title_->setText(
      QString("<b>%1</b>").arg(ToQString(legal.label).toHtmlEscaped()) +
      (legal.needs_measurement
           ? tr("<br>The numbers are only an example: enter what happened on the table.")
           : QString()));
  form_ = new JsonForm(legal.action, choices_);
  form_area_->addWidget(form_);
  pages_->setCurrentIndex(1);
  enter_key_->setEnabled(true);
  escape_key_->setEnabled(true);
  for (QShortcut* digit : digit_keys_) digit->setEnabled(false);
  form_->focusFirstField();
}

void ActionPanel::enterForm() {
  if (form_ != nullptr) emit actionEntered(form_->value());
}

void ActionPanel::closeForm() {
  if (form_ != nullptr) {
    form_->deleteLater();
    form_ = nullptr;
  }
  pages_->setCurrentIndex(0);
  enter_key_->setEnabled(false);
  escape_key_->setEnabled(false);
  for (QShortcut* digit : digit_keys_) digit->setEnabled(true);
}

}  // namespace tabref::gui
