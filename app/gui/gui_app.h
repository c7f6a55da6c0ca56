#pragma once

namespace tabref::gui {

// The tabref-gui program: exit status 0, 1 for a failure explained in one line on stderr
// (no such game, an unusable database), 2 for bad usage.
int RunTabrefGui(int argc, char** argv);

}  // namespace tabref::gui
