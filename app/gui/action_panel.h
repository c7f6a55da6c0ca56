#pragma once

#include <QWidget>
#include <string>
#include <vector>

#include "app/gui/json_form.h"
#include "rules/core/state.h"

class QLabel;
class QPushButton;
class QScrollArea;
class QShortcut;
class QStackedWidget;
class QVBoxLayout;

namespace tabref::gui {

// Manual entry for any game: a button per legal action (keys 1..9 pick the first nine).
// An action that is complete as the engine offers it is entered at once; one that asks
// for values (cards, dice, distances) opens a form generated from the engine's example,
// with the keyboard in its first field: type a card's rank or a number, Tab to the next
// field, Enter records it and Escape goes back. While a form is open the digits belong
// to the form.
class ActionPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ActionPanel(QWidget* parent = nullptr);

  void showActions(const rules::State& state, const FieldChoices& choices);
  void showNoGame();

  // Picks legal action `index` (0-based), as its button or shortcut does.
  void choose(int index);
  // The form of the action being filled in, or nullptr.
  JsonForm* openForm() const { return form_; }

 public slots:
  // Enters the open form's action.
  void enterForm();
  void closeForm();

 signals:
  void actionEntered(const rules::Json& body);

 private:
  QStackedWidget* pages_;
  QScrollArea* button_page_;
  QVBoxLayout* buttons_;
  QLabel* form_title_;
  QVBoxLayout* form_area_;
  QShortcut* enter_key_;
  QShortcut* escape_key_;
  std::vector<QShortcut*> digit_keys_;
  JsonForm* form_ = nullptr;
  std::vector<rules::LegalAction> legal_;
  std::string game_;
  FieldChoices choices_;
};

}  // namespace tabref::gui
