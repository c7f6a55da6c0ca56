#include "app/gui/wizard_status.h"

namespace tabref::gui {

WizardStatus::WizardStatus(QWidget* parent) : QLabel(parent) {
  setWordWrap(true);
  setTextFormat(Qt::PlainText);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void WizardStatus::display(Kind kind, const QString& text) {
  kind_ = kind;
  switch (kind) {
    case Kind::kInfo:
      setStyleSheet({});
      break;
    case Kind::kGood:
      setStyleSheet("color: #007A5A; font-weight: bold;");
      break;
    case Kind::kProblem:
      setStyleSheet("color: #C0392B; font-weight: bold;");
      break;
  }
  setText(text);
}

}  // namespace tabref::gui
