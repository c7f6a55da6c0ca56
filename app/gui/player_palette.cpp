#include "app/gui/player_palette.h"

#include <array>

namespace tabref::gui {

QColor PlayerColour(int column) {
  static const std::array<QColor, 7> kPalette = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                                 QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                                 QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                                 QColor(0x33, 0x33, 0x33)};
  return kPalette[static_cast<size_t>(column) % kPalette.size()];
}

}  // namespace tabref::gui
