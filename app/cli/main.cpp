#include <cstdlib>
#include <iostream>

#include "app/cli/cli.h"

int main(int argc, char** argv) {
  // FFmpeg's own messages (a corrupt video's "moov atom not found") would add lines to the
  // one-line errors; the user can still ask for them by setting the variable.
  ::setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
  return tabref::cli::RunCli({argv + 1, argv + argc}, std::cout, std::cerr);
}
