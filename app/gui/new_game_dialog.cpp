#include "app/gui/new_game_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "app/gui/game_choices.h"
#include "app/gui/json_form.h"
#include "app/gui/player_list_editor.h"
#include "app/gui/qt_text.h"
#include "rules/registry.h"

namespace tabref::gui {

NewGameDialog::NewGameDialog(const KnownPlayers& known, QWidget* parent)
    : QDialog(parent),
      known_(known),
      game_(new QComboBox(this)),
      description_(new QLabel(this)),
      remembered_(new QLabel(this)),
      players_(new PlayerListEditor(known.names, this)),
      options_area_(new QVBoxLayout),
      table_toggle_(new QPushButton(this)),
      table_box_(new QWidget(this)),
      table_area_(new QVBoxLayout(table_box_)),
      problem_(new QLabel(this)) {
  setWindowTitle(tr("New game"));
  setMinimumWidth(520);
  game_->setObjectName("gameChoice");
  for (const rules::GameType& type : rules::RegisteredGames()) {
    game_->addItem(ToQString(type.title), ToQString(type.name));
  }
  description_->setWordWrap(true);
  remembered_->setObjectName("rememberedPlayers");
  remembered_->setWordWrap(true);
  remembered_->setStyleSheet("color: #555555;");
  problem_->setObjectName("setupProblem");
  problem_->setWordWrap(true);
  problem_->setStyleSheet("color: #D55E00; font-weight: bold;");

  auto* players_box = new QGroupBox(tr("Players, in seat order"));
  auto* players_layout = new QVBoxLayout(players_box);
  players_layout->addWidget(remembered_);
  players_layout->addWidget(players_);
  auto* options_box = new QGroupBox(tr("Rules"));
  options_box->setLayout(options_area_);
  table_toggle_->setObjectName("tableOptionsToggle");
  table_toggle_->setCheckable(true);
  table_toggle_->setFlat(true);
  table_toggle_->setStyleSheet("text-align: left;");
  table_area_->setContentsMargins(0, 0, 0, 0);
  table_box_->setVisible(false);
  connect(table_toggle_, &QPushButton::toggled, table_box_, &QWidget::setVisible);
  options_area_->addWidget(table_toggle_);
  options_area_->addWidget(table_box_);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Start game"));
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
  connect(players_, &PlayerListEditor::namesChanged, this, [this] {
    if (options_ != nullptr) showOptions(setup().options);
  });
  showGame(0);
}

void NewGameDialog::selectGame(const std::string& name) {
  game_->setCurrentIndex(game_->findData(ToQString(name)));
}

void NewGameDialog::showGame(int index) {
  const rules::GameType& type = rules::RegisteredGames().at(static_cast<size_t>(index));
  description_->setText(ToQString(type.description) + (type.camera_refereed
                                                           ? tr(" (camera refereed, or by hand)")
                                                           : tr(" (kept by hand)")));
  // No options while the players change: they are the new game's defaults below.
  delete options_;
  options_ = nullptr;
  delete table_options_;
  table_options_ = nullptr;
  players_->setLimits(type.min_players, type.max_players, type.uses_teams);
  // The same table as last time, unless the names have been typed in already.
  const auto last = known_.last_game.find(type.name);
  const std::vector<std::string> typed = players_->players();
  bool untouched = true;
  for (size_t seat = 0; seat < typed.size(); ++seat) {
    const std::string filled_in = seat < prefilled_.size() ? prefilled_[seat] : std::string();
    untouched = untouched && (typed[seat].empty() || typed[seat] == filled_in);
  }
  remembered_->clear();
  remembered_->hide();
  if (last != known_.last_game.end() && untouched) {
    remembered_->show();
    players_->setNames(last->second);
    prefilled_ = players_->players();
    remembered_->setText(
        tr("The players of your last %1 game; change any of them.").arg(ToQString(type.title)));
  }
  showOptions(type.default_options);
  problem_->clear();
}

void NewGameDialog::showOptions(const rules::Json& values) {
  const std::string game = ToStdString(game_->currentData().toString());
  rules::Json rules_values = rules::Json::object();
  rules::Json table_values = rules::Json::object();
  for (const auto& [key, value] : values.items()) {
    (IsTableOption(key) ? table_values : rules_values)[key] = value;
  }
  QStringList names;
  for (const std::string& name : players_->players()) {
    if (!name.empty()) names << ToQString(name);
  }
  // Table Fencing's Start is one of the players; "" (the rules' default) is the first.
  if (game == "table-fencing" && rules_values.contains("start") && !names.isEmpty() &&
      !names.contains(ToQString(rules_values["start"].get<std::string>()))) {
    rules_values["start"] = ToStdString(names.front());
  }
  delete options_;
  delete table_options_;
  options_ = new JsonForm(rules_values, OptionChoices(game, names), nullptr, OptionHelp(game));
  options_->setObjectName("optionsForm");
  options_area_->insertWidget(0, options_);
  table_options_ = nullptr;
  if (!table_values.empty()) {
    table_options_ = new JsonForm(table_values, OptionChoices(game), nullptr, OptionHelp(game));
    table_options_->setObjectName("tableOptionsForm");
    table_area_->addWidget(table_options_);
  }
  table_toggle_->setVisible(table_options_ != nullptr);
  table_toggle_->setText(tr("Table and camera measurements (%1)…").arg(table_values.size()));
}

rules::GameSetup NewGameDialog::setup() const {
  rules::GameSetup setup;
  setup.game = ToStdString(game_->currentData().toString());
  setup.players = players_->players();
  setup.teams = players_->teams();
  setup.options = options_->value();
  if (table_options_ != nullptr) setup.options.update(table_options_->value());
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
