#pragma once

#include <filesystem>
#include <vector>

#include "vision/source/frame_source.h"

namespace tabref::vision {

// The images of a folder (PNG, JPEG, BMP, TIFF, WebP) in name order, as frames at `fps`.
class ImageFolderSource : public FrameSource {
 public:
  // Throws SourceError when the folder does not exist or holds no images.
  explicit ImageFolderSource(const std::filesystem::path& folder, double fps = 30);

  // Throws SourceError naming an image that cannot be read.
  FrameRead Read() override;
  std::string Describe() const override;
  double Fps() const override { return fps_; }

  static bool IsImageFile(const std::filesystem::path& file);

 private:
  std::filesystem::path folder_;
  std::vector<std::filesystem::path> files_;
  double fps_;
  size_t next_ = 0;
};

}  // namespace tabref::vision
