#include "app/gui/scorecard_export.h"

#include <QObject>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include "app/gui/qt_text.h"
#include "app/gui/scorecard_painter.h"
#include "data/export/scorecard_csv.h"

namespace tabref::gui {
namespace {

constexpr int kPdfResolution = 300;

QString Failure(const QSaveFile& file, const QString& path) {
  return QObject::tr("cannot write %1: %2").arg(path, file.errorString());
}

}  // namespace

QString ExportScorecardCsv(const rules::ScoreTable& table, const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return Failure(file, path);
  const std::string csv = data::ScorecardCsv(table);
  file.write(csv.data(), static_cast<qint64>(csv.size()));
  return file.commit() ? QString() : Failure(file, path);
}

QString ExportScorecardPdf(const rules::ScoreTable& table, const QString& footer,
                           const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return Failure(file, path);
  {
    QPdfWriter pdf(&file);
    pdf.setTitle(ToQString(table.title));
    pdf.setCreator("tabref");
    pdf.setResolution(kPdfResolution);
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                  QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    QPainter painter(&pdf);
    PaintScorecard(painter, QRectF(0, 0, pdf.width(), pdf.height()), table, footer);
  }
  return file.commit() ? QString() : Failure(file, path);
}

}  // namespace tabref::gui
