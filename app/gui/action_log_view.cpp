#include "app/gui/action_log_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/gui/action_text.h"
#include "app/gui/correction_dialog.h"
#include "app/gui/game_controller.h"
#include "app/gui/sheet_style.h"

namespace tabref::gui {

ActionLogView::ActionLogView(GameController& controller, QWidget* parent)
    : QWidget(parent),
      controller_(&controller),
      table_(new QTableWidget(0, 3, this)),
      undo_(new QPushButton(tr("Undo last"), this)),
      correct_(new QPushButton(tr("Correct selected…"), this)) {
  table_->setObjectName("actionLog");
  table_->setHorizontalHeaderLabels({tr("#"), tr("Action"), tr("Source")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setWordWrap(false);
  table_->setTextElideMode(Qt::ElideRight);
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  undo_->setObjectName("undoButton");
  undo_->setToolTip(tr("Take back the last action (Ctrl+Z)"));
  correct_->setObjectName("correctButton");
  correct_->setToolTip(
      tr("Replace the selected action (Ctrl+E or double click); later actions are replayed on "
         "top"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(undo_);
  buttons->addWidget(correct_);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  layout->addLayout(buttons);

  connect(undo_, &QPushButton::clicked, controller_, &GameController::undo);
  connect(correct_, &QPushButton::clicked, this, &ActionLogView::correctSelected);
  connect(table_, &QTableWidget::cellDoubleClicked, this, &ActionLogView::correctSelected);
  connect(table_, &QTableWidget::itemSelectionChanged, this,
          [this] { correct_->setEnabled(selectedAction() > 0); });
}

void ActionLogView::refresh(const FieldChoices& choices) {
  choices_ = choices;
  const std::vector<rules::Action>& history =
      controller_->hasGame() ? controller_->state().History() : std::vector<rules::Action>{};
  const std::vector<QString> actors =
      controller_->hasGame() ? HistoryActors(controller_->state()) : std::vector<QString>{};
  table_->setRowCount(static_cast<int>(history.size()));
  for (int row = 0; row < table_->rowCount(); ++row) {
    const rules::Action& action = history[static_cast<size_t>(row)];
    const QString& actor = actors[static_cast<size_t>(row)];
    table_->setItem(row, 0, new QTableWidgetItem(QString::number(row + 1)));
    auto* text = new QTableWidgetItem(ActionText(action, actor));
    text->setToolTip(QString("<pre>%1</pre>").arg(ActionDetails(action).toHtmlEscaped()));
    table_->setItem(row, 1, text);
    auto* source = new QTableWidgetItem(SourceText(action.source));
    if (action.source == rules::ActionSource::kCorrection) {
      source->setForeground(sheet::kBust);
      source->setToolTip(tr("Corrected by the players; the original is kept in the journal"));
    }
    table_->setItem(row, 2, source);
  }
  if (!history.empty()) table_->scrollToBottom();
  undo_->setEnabled(!history.empty());
  correct_->setEnabled(selectedAction() > 0);
}

int ActionLogView::selectedAction() const {
  const QList<QTableWidgetItem*> selected = table_->selectedItems();
  return selected.isEmpty() ? 0 : selected.front()->row() + 1;
}

void ActionLogView::correctSelected() {
  const int index = selectedAction();
  if (index == 0 || !controller_->hasGame()) return;
  const rules::Action& original = controller_->state().History()[static_cast<size_t>(index - 1)];
  CorrectionDialog dialog(index, original, choices_, this);
  if (dialog.exec() != QDialog::Accepted) return;
  controller_->correct(index, dialog.replacement());
}

}  // namespace tabref::gui
