#include "app/gui/open_game_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/game_list.h"

namespace tabref::gui {

OpenGameDialog::OpenGameDialog(data::GameStore& store, QWidget* parent, bool unfinished_only)
    : QDialog(parent), store_(&store), games_(new GameList(this)) {
  setWindowTitle(tr("Open a stored game"));
  resize(720, 420);
  auto* in_play = new QCheckBox(tr("Only games still in play"), this);
  in_play->setChecked(unfinished_only);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(games_, &GameList::cellDoubleClicked, this, &QDialog::accept);
  auto* problem = new QLabel(this);
  problem->setWordWrap(true);
  connect(in_play, &QCheckBox::toggled, this,
          [this, problem](bool only) { problem->setText(games_->showStoredGames(*store_, only)); });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(in_play);
  layout->addWidget(games_);
  layout->addWidget(problem);
  layout->addWidget(buttons);
  problem->setText(games_->showStoredGames(*store_, unfinished_only));
}

std::int64_t OpenGameDialog::selectedGameId() const { return games_->selectedGameId(); }

}  // namespace tabref::gui
