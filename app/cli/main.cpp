#include <iostream>

#include "app/cli/cli.h"

int main(int argc, char** argv) {
  return tabref::cli::RunCli({argv + 1, argv + argc}, std::cout, std::cerr);
}
