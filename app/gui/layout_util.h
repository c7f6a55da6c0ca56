#pragma once

class QLayout;

namespace tabref::gui {

// Removes and deletes everything in `layout`: its widgets, and nested layouts with theirs.
// Not for a widget that is delivering a signal right now (delete it later instead).
void ClearLayout(QLayout* layout);

}  // namespace tabref::gui
