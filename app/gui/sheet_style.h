#pragma once

#include <QColor>
#include <QString>

namespace tabref::gui {

// The look of the paper sheet, shared by the window's scorecard, the scoreboard and the
// PDF, so that all three mark the same things the same way.
namespace sheet {

inline const QColor kPaper(0xFF, 0xFD, 0xF6);
inline const QColor kTotalBand(0xE8, 0xE4, 0xD8);
inline const QColor kRule(0x55, 0x55, 0x55);
inline const QColor kWinner(0xF0, 0xE4, 0x42);      // the winner's totals, like a highlighter
inline const QColor kBust(0xD5, 0x5E, 0x00);        // a box where the bust rule bit
inline const QColor kWon(0xCC, 0xEB, 0xDD);         // a box that won something (a bumper)
inline const QColor kCurrentRow(0xD6, 0xEA, 0xF8);  // the row being played
inline const QString kWinnerMark = QString::fromUtf8("\u2605 ");   // "★ "
inline const QString kCurrentMark = QString::fromUtf8("\u25B6 ");  // "▶ "

}  // namespace sheet
}  // namespace tabref::gui
