#include "vision/source/image_folder_source.h"

#include <algorithm>
#include <cctype>
#include <opencv2/imgcodecs.hpp>
#include <system_error>

namespace tabref::vision {

bool ImageFolderSource::IsImageFile(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* known : {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}) {
    if (extension == known) return true;
  }
  return false;
}

ImageFolderSource::ImageFolderSource(const std::filesystem::path& folder, double fps)
    : folder_(folder), fps_(fps) {
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) {
    throw SourceError(folder.string() + ": no such folder of images");
  }
  if (!(fps > 0 && fps <= 1000)) throw SourceError("image folder: fps must be in (0, 1000]");
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.is_regular_file() && IsImageFile(entry.path())) files_.push_back(entry.path());
  }
  if (error) throw SourceError(folder.string() + ": cannot list the folder: " + error.message());
  if (files_.empty()) {
    throw SourceError(folder.string() + ": no images in the folder (PNG, JPEG, BMP, TIFF, WebP)");
  }
  std::sort(files_.begin(), files_.end());
}

FrameRead ImageFolderSource::Read() {
  FrameRead read;
  if (next_ >= files_.size()) return read;
  const std::filesystem::path& file = files_[next_];
  cv::Mat image = cv::imread(file.string(), cv::IMREAD_COLOR);
  if (image.empty()) {
    throw SourceError(file.string() + ": cannot read this image (corrupt or not an image)");
  }
  read.status = ReadStatus::kFrame;
  read.frame.image = image;
  read.frame.index = static_cast<std::int64_t>(next_);
  read.frame.time_s = static_cast<double>(next_) / fps_;
  ++next_;
  return read;
}

std::string ImageFolderSource::Describe() const {
  return "images " + folder_.string() + " (" + std::to_string(files_.size()) + " frames)";
}

}  // namespace tabref::vision
