#include "app/gui/new_game_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "app/gui/game_choices.h"
#include "app/gui/json_form.h"
#include "app/gui/player_list_editor.h"
#include "app/gui/qt_text.h"
#include "rules/registry.h"

namespace tabref::gui {

NewGameDialog::NewGameDialog(const QStringList& known_players, QWidget* parent)
    : QDialog(parent),
      game_(new QComboBox(this)),
      description_(new QLabel(this)),
      players_(new PlayerListEditor(known_players, this)),
      options_area_(new QVBoxLayout),
      problem_(new QLabel(this)) {
  setWindowTitle(tr("New game"));
  game_->setObjectName("gameChoice");
  for (const rules::GameType& type : rules::RegisteredGames()) {
    game_->addItem(ToQString(type.title), ToQString(type.name));
  }
  description_->setWordWrap(true);
  problem_->setObjectName("setupProblem");
  problem_->setWordWrap(true);
  problem_->setStyleSheet("color: #D55E00;");

  auto* players_box = new QGroupBox(tr("Players"));
  auto* players_layout = new QVBoxLayout(players_box);
  players_layout->addWidget(players_);
  auto* options_box = new QGroupBox(tr("Options"));
  options_box->setLayout(options_area_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &NewGameDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* form = new QFormLayout;
  form->addRow(tr("Game"), game_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(description_);
  layout->addWidget(players_box);
  layout->addWidget(options_box);
  layout->addWidget(problem_);
  layout->addWidget(buttons);

  connect(game_, &QComboBox::currentIndexChanged, this, &NewGameDialog::showGame);
  showGame(0);
}

void NewGameDialog::selectGame(const std::string& name) {
  game_->setCurrentIndex(game_->findData(ToQString(name)));
}

void NewGameDialog::showGame(int index) {
  const rules::GameType& type = rules::RegisteredGames().at(static_cast<size_t>(index));
  description_->setText(ToQString(type.description));
  players_->setLimits(type.min_players, type.max_players, type.uses_teams);
  delete options_;
  options_ = new JsonForm(type.default_options, OptionChoices(type.name));
  options_->setObjectName("optionsForm");
  options_area_->addWidget(options_);
  problem_->clear();
}

rules::GameSetup NewGameDialog::setup() const {
  rules::GameSetup setup;
  setup.game = ToStdString(game_->currentData().toString());
  setup.players = players_->players();
  setup.teams = players_->teams();
  setup.options = options_->value();
  return setup;
}

void NewGameDialog::accept() {
  try {
    rules::MakeGame(setup());
  } catch (const std::exception& error) {
    problem_->setText(ToQString(error.what()));
    return;
  }
  QDialog::accept();
}

}  // namespace tabref::gui
