#include "app/gui/scorecard_export.h"

#include <QObject>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include "app/gui/qt_text.h"
#include "data/export/scorecard_csv.h"

namespace tabref::gui {
namespace {

constexpr int kPdfResolution = 300;
constexpr double kMarginMm = 15.0;
// Sheets with more rows than this (Ppolf: 24 and a header) stand upright on the page.
constexpr size_t kMostLandscapeRows = 16;

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

QString ExportScorecardPdf(const rules::ScoreTable& table, const SheetMarks& marks,
                           const SheetPaintOptions& options, const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return Failure(file, path);
  {
    QPdfWriter pdf(&file);
    pdf.setTitle(ToQString(table.title));
    pdf.setCreator("tabref");
    pdf.setResolution(kPdfResolution);
    const auto orientation =
        table.rows.size() > kMostLandscapeRows ? QPageLayout::Portrait : QPageLayout::Landscape;
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), orientation,
                                  QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                  QPageLayout::Millimeter));
    QPainter painter(&pdf);
    PaintScorecard(painter, QRectF(0, 0, pdf.width(), pdf.height()), table, marks, options);
  }
  return file.commit() ? QString() : Failure(file, path);
}

}  // namespace tabref::gui
