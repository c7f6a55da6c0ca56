#include "vision/detect/pyramid_peel.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace tabref::vision {
namespace {

// A blob of cells 0.5 mm apart covering the rectangle [x0, x1) x [y0, y1) (mm).
void AddCells(PyramidCandidate& blob, double x0, double x1, double y0, double y1) {
  constexpr double kCell = 0.5;
  blob.cell_area_mm2 = kCell * kCell;
  for (double y = y0 + kCell / 2; y < y1; y += kCell) {
    for (double x = x0 + kCell / 2; x < x1; x += kCell) blob.cells.emplace_back(x, y);
  }
}

PyramidSilhouette Square(double x0, double x1, double y0, double y1) {
  PyramidSilhouette square;
  square.seen_mm = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};  // counter-clockwise
  square.corners = {0, 1, 2, 3};
  return square;
}

TEST(BlobRemainderTest, WhatATakenPyramidLeavesFallsApartIntoItsConnectedParts) {
  // Three squares in a row, 10 mm each: taking the middle one leaves two parts.
  PyramidCandidate blob;
  blob.colour = 2;
  AddCells(blob, 0, 30, 0, 10);
  const std::vector<PyramidCandidate> parts = BlobRemainder(blob, Square(10, 20, 0, 10), 20);
  ASSERT_EQ(parts.size(), 2u);
  for (const PyramidCandidate& part : parts) {
    EXPECT_EQ(part.colour, 2u);
    EXPECT_DOUBLE_EQ(part.cell_area_mm2, blob.cell_area_mm2);
    EXPECT_NEAR(part.AreaMm2(), 100, 1e-9);
    EXPECT_NEAR(part.centroid_mm.y, 5, 1e-9);
  }
  std::vector<double> xs = {parts[0].centroid_mm.x, parts[1].centroid_mm.x};
  std::sort(xs.begin(), xs.end());
  EXPECT_NEAR(xs[0], 5, 1e-9);
  EXPECT_NEAR(xs[1], 25, 1e-9);
}

TEST(BlobRemainderTest, PartsSmallerThanThePyramidsCouldShowAreDropped) {
  // A rim 1 mm wide left round the taken square, and a 10 mm square beyond it.
  PyramidCandidate blob;
  AddCells(blob, 0, 12, 0, 12);
  AddCells(blob, 20, 30, 0, 10);
  const std::vector<PyramidCandidate> parts = BlobRemainder(blob, Square(1, 11, 1, 11), 50);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_NEAR(parts[0].centroid_mm.x, 25, 1e-9);
  // The rim alone, kept when small parts count.
  EXPECT_EQ(BlobRemainder(blob, Square(1, 11, 1, 11), 10).size(), 2u);
}

TEST(BlobRemainderTest, CellsTouchingAtACornerAreOnePart) {
  PyramidCandidate blob;
  AddCells(blob, 0, 5, 0, 5);
  AddCells(blob, 5, 10, 5, 10);
  EXPECT_EQ(BlobRemainder(blob, Square(50, 60, 50, 60), 1).size(), 1u);
}

}  // namespace
}  // namespace tabref::vision
