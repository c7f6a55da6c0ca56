#pragma once

#include <string>

#include "rules/ppolf/options.h"

// The course: the black ace (the first tee) and 18 holes, red null..5, blue null..5 and
// green (or yellow) null..5, played in that order. Tiles are numbered in course order:
// tile 0 is the black ace and tile h + 1 is hole h, so hole h is teed off from tile h.
namespace tabref::rules::ppolf {

inline constexpr int kHoleCount = 18;
inline constexpr int kHolesPerSuit = 6;
inline constexpr int kSuitCount = 3;
inline constexpr int kTileCount = kHoleCount + 1;
inline constexpr int kFirstTeeTile = 0;

inline int TargetTile(int hole) { return hole + 1; }
inline int TeeTile(int hole) { return hole; }

// "red", "blue", "green" or "yellow" for suits 0, 1, 2: the names tiles are given by.
std::string SuitColour(int suit, const Options& options);
// "Red", "Blue", "Green" or "Yellow" for suits 0, 1, 2.
std::string SuitTitle(int suit, const Options& options);
// "null", "ace", "2", ..., "5".
std::string RankName(int rank);
// "Red null", "Blue 3", ...
std::string HoleTitle(int hole, const Options& options);
// "Black ace" for the first tee, else the hole's title.
std::string TileTitle(int tile, const Options& options);

// The course tile of a suit and rank as the camera or a player names it: suit by colour
// (red, blue, green/yellow, black) or by piecepack suit (suns, arms, crowns, moons), rank
// "null", "ace" or "2".."5". Throws RuleError for a tile that is not part of the course.
int CourseTile(const std::string& suit, const std::string& rank, const Options& options);

}  // namespace tabref::rules::ppolf
