#include "app/gui/open_game_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/game_list.h"

namespace tabref::gui {

OpenGameDialog::OpenGameDialog(data::GameStore& store, QWidget* parent)
    : QDialog(parent), store_(&store), games_(new GameList(this)) {
  setWindowTitle(tr("Open a stored game"));
  resize(720, 420);
  auto* unfinished_only = new QCheckBox(tr("Only games still in play"), this);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(games_, &GameList::cellDoubleClicked, this, &QDialog::accept);
  connect(unfinished_only, &QCheckBox::toggled, this,
          [this](bool only) { games_->showGames(store_->Games(only)); });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(unfinished_only);
  layout->addWidget(games_);
  layout->addWidget(buttons);
  games_->showGames(store_->Games(/*unfinished_only=*/false));
}

std::int64_t OpenGameDialog::selectedGameId() const { return games_->selectedGameId(); }

}  // namespace tabref::gui
