#include "app/gui/player_list_editor.h"

#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

constexpr int kTeams = 2;
const char* const kDefaultTeamNames[kTeams] = {"Suns", "Moons"};

}  // namespace

PlayerListEditor::PlayerListEditor(const QStringList& known_players, QWidget* parent)
    : QWidget(parent),
      completer_(new QCompleter(known_players, this)),
      team_box_(new QWidget(this)),
      rows_layout_(new QVBoxLayout),
      add_(new QPushButton(tr("Add player"), this)),
      remove_(new QPushButton(tr("Remove player"), this)) {
  completer_->setCaseSensitivity(Qt::CaseInsensitive);
  auto* team_layout = new QHBoxLayout(team_box_);
  team_layout->setContentsMargins(0, 0, 0, 0);
  team_layout->addWidget(new QLabel(tr("Teams:")));
  for (int team = 0; team < kTeams; ++team) {
    auto* name = new QLineEdit(kDefaultTeamNames[team]);
    name->setObjectName(QString("teamName%1").arg(team + 1));
    connect(name, &QLineEdit::textChanged, this, &PlayerListEditor::updateTeamChoices);
    team_names_.push_back(name);
    team_layout->addWidget(name);
  }
  rows_layout_->setContentsMargins(0, 0, 0, 0);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add_);
  buttons->addWidget(remove_);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(team_box_);
  layout->addLayout(rows_layout_);
  layout->addLayout(buttons);
  connect(add_, &QPushButton::clicked, this, &PlayerListEditor::addRow);
  connect(remove_, &QPushButton::clicked, this, &PlayerListEditor::removeRow);
}

void PlayerListEditor::setLimits(int min_players, int max_players, bool with_teams) {
  min_players_ = min_players;
  max_players_ = max_players;
  with_teams_ = with_teams;
  team_box_->setVisible(with_teams);
  // Two players unless the game says otherwise: most tables start there.
  const int fewest = std::min(std::max(min_players, 2), max_players);
  setPlayerCount(std::clamp(playerCount(), fewest, max_players));
  for (const Row& row : rows_) row.team->setVisible(with_teams);
  updateButtons();
}

void PlayerListEditor::updateButtons() {
  add_->setEnabled(playerCount() < max_players_);
  remove_->setEnabled(playerCount() > min_players_);
}

void PlayerListEditor::setPlayerCount(int count) {
  count = std::clamp(count, min_players_, max_players_);
  while (playerCount() < count) addRow();
  while (playerCount() > count) removeRow();
}

void PlayerListEditor::setNames(const QStringList& names) {
  setPlayerCount(static_cast<int>(names.size()));
  for (int seat = 0; seat < playerCount() && seat < names.size(); ++seat) {
    nameEdit(seat)->setText(names[seat]);
  }
  emit namesChanged();
}

void PlayerListEditor::addRow() {
  if (playerCount() >= max_players_) return;
  const int seat = playerCount();
  auto* widget = new QWidget;
  auto* layout = new QHBoxLayout(widget);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* name = new QLineEdit;
  name->setObjectName(QString("player%1").arg(seat + 1));
  name->setPlaceholderText(tr("Player %1").arg(seat + 1));
  name->setCompleter(completer_);
  connect(name, &QLineEdit::editingFinished, this, &PlayerListEditor::namesChanged);
  auto* team = new QComboBox;
  team->setObjectName(QString("team%1").arg(seat + 1));
  team->setVisible(with_teams_);
  layout->addWidget(new QLabel(QString::number(seat + 1)));
  layout->addWidget(name, 1);
  layout->addWidget(team);
  rows_layout_->addWidget(widget);
  rows_.push_back({widget, name, team});
  updateTeamChoices();
  // New players alternate between the teams, so that the default split is even.
  team->setCurrentIndex(seat % kTeams);
  updateButtons();
  emit namesChanged();
}

void PlayerListEditor::removeRow() {
  if (playerCount() <= min_players_) return;
  delete rows_.back().widget;
  rows_.pop_back();
  updateButtons();
  emit namesChanged();
}

void PlayerListEditor::updateTeamChoices() {
  for (const Row& row : rows_) {
    const int chosen = std::max(0, row.team->currentIndex());
    row.team->clear();
    for (const QLineEdit* team_name : team_names_) row.team->addItem(team_name->text());
    row.team->setCurrentIndex(chosen);
  }
}

std::vector<std::string> PlayerListEditor::players() const {
  std::vector<std::string> names;
  for (const Row& row : rows_) names.push_back(ToStdString(row.name->text().trimmed()));
  return names;
}

std::vector<rules::Team> PlayerListEditor::teams() const {
  if (!with_teams_) return {};
  std::vector<rules::Team> teams;
  for (const QLineEdit* team_name : team_names_) {
    teams.push_back({ToStdString(team_name->text().trimmed()), {}});
  }
  for (size_t seat = 0; seat < rows_.size(); ++seat) {
    teams[static_cast<size_t>(rows_[seat].team->currentIndex())].members.push_back(
        static_cast<int>(seat));
  }
  return teams;
}

}  // namespace tabref::gui
