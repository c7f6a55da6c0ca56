#pragma once

#include <QDialog>

#include "app/gui/json_form.h"
#include "rules/core/action.h"

namespace tabref::gui {

// Asks for the replacement of an earlier action and confirms what correcting does: the
// action is replaced, every later action is replayed on top of it, and the journal keeps
// both as a correction.
class CorrectionDialog : public QDialog {
  Q_OBJECT

 public:
  CorrectionDialog(int index, const rules::Action& original, const FieldChoices& choices,
                   QWidget* parent = nullptr);

  JsonForm& form() { return *form_; }
  rules::Json replacement() const;

 private:
  JsonForm* form_;
};

}  // namespace tabref::gui
