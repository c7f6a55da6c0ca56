#include "app/gui/gui_app.h"

int main(int argc, char** argv) { return tabref::gui::RunTabrefGui(argc, argv); }
