#include "app/gui/correction_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/action_text.h"

namespace tabref::gui {

CorrectionDialog::CorrectionDialog(int index, const rules::Action& original,
                                   const FieldChoices& choices, QWidget* parent)
    : QDialog(parent), form_(new JsonForm(original.body, choices, this)) {
  setWindowTitle(tr("Correct action %1").arg(index));
  auto* explanation =
      new QLabel(tr("<b>Action %1 was:</b> %2<br>Enter what really happened. The later actions are "
                    "replayed on top of the correction; if one of them is then against the rules, "
                    "nothing changes. The original stays in the journal.")
                     .arg(index)
                     .arg(ActionText(original).toHtmlEscaped()),
                 this);
  explanation->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Replace action %1").arg(index));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(explanation);
  layout->addWidget(form_);
  layout->addWidget(buttons);
}

rules::Json CorrectionDialog::replacement() const { return form_->value(); }

}  // namespace tabref::gui
