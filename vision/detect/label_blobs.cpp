#include "vision/detect/label_blobs.h"

#include <numeric>

namespace tabref::vision {
namespace {

int Root(std::vector<int>& parent, int i) {
  while (parent[static_cast<size_t>(i)] != i) {
    const int up = parent[static_cast<size_t>(parent[static_cast<size_t>(i)])];
    parent[static_cast<size_t>(i)] = up;
    i = up;
  }
  return i;
}

void Join(std::vector<int>& parent, int a, int b) {
  a = Root(parent, a);
  b = Root(parent, b);
  if (a < b) {
    parent[static_cast<size_t>(b)] = a;
  } else if (b < a) {
    parent[static_cast<size_t>(a)] = b;
  }
}

}  // namespace

std::vector<LabelledBlob> LabelBlobs(const cv::Mat& labels) {
  CV_Assert(labels.type() == CV_8U);
  const int width = labels.cols;
  const int height = labels.rows;
  cv::Mat ids(labels.size(), CV_32S, cv::Scalar(-1));
  std::vector<int> parent;
  for (int y = 0; y < height; ++y) {
    const uchar* row = labels.ptr<uchar>(y);
    const uchar* above = y > 0 ? labels.ptr<uchar>(y - 1) : nullptr;
    int* id = ids.ptr<int>(y);
    const int* id_above = y > 0 ? ids.ptr<int>(y - 1) : nullptr;
    for (int x = 0; x < width; ++x) {
      if (row[x] == 0) continue;
      const bool left = x > 0 && row[x - 1] == row[x];
      const bool up = above != nullptr && above[x] == row[x];
      if (left) {
        id[x] = id[x - 1];
        if (up) Join(parent, id[x], id_above[x]);
      } else if (up) {
        id[x] = id_above[x];
      } else {
        id[x] = static_cast<int>(parent.size());
        parent.push_back(id[x]);
      }
    }
  }
  std::vector<int> blob_of(parent.size(), -1);
  std::vector<LabelledBlob> blobs;
  for (int y = 0; y < height; ++y) {
    const uchar* row = labels.ptr<uchar>(y);
    const uchar* above = y > 0 ? labels.ptr<uchar>(y - 1) : nullptr;
    const uchar* below = y + 1 < height ? labels.ptr<uchar>(y + 1) : nullptr;
    const int* id = ids.ptr<int>(y);
    for (int x = 0; x < width; ++x) {
      if (row[x] == 0) continue;
      const int root = Root(parent, id[x]);
      int& blob = blob_of[static_cast<size_t>(root)];
      if (blob < 0) {
        blob = static_cast<int>(blobs.size());
        blobs.emplace_back();
        blobs.back().label = row[x];
      }
      LabelledBlob& into = blobs[static_cast<size_t>(blob)];
      ++into.cells;
      into.points.emplace_back(x, y);
      const uchar label = row[x];
      into.interior += x > 0 && x + 1 < width && above != nullptr && below != nullptr &&
                       row[x - 1] == label && row[x + 1] == label && above[x] == label &&
                       below[x] == label;
    }
  }
  return blobs;
}

}  // namespace tabref::vision
