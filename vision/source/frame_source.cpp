#include "vision/source/frame_source.h"

namespace tabref::vision {

const char* ToString(ReadStatus status) {
  switch (status) {
    case ReadStatus::kFrame:
      return "frame";
    case ReadStatus::kWaiting:
      return "waiting";
    case ReadStatus::kEnded:
      return "ended";
  }
  return "?";
}

}  // namespace tabref::vision
