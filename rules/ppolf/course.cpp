#include "rules/ppolf/course.h"

#include <array>
#include <cctype>
#include <string_view>

#include "rules/core/rule_error.h"

namespace tabref::rules::ppolf {
namespace {

constexpr std::array<std::string_view, kHolesPerSuit> kRanks = {"null", "ace", "2", "3", "4", "5"};
constexpr int kAceRank = 1;
constexpr int kBlackSuit = -1;

std::string Capitalized(std::string word) {
  if (!word.empty()) word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
  return word;
}

// The suit index of a colour or piecepack suit name; kBlackSuit for the moons.
int SuitIndex(const std::string& suit, const Options& options) {
  if (suit == "red" || suit == "suns") return 0;
  if (suit == "blue" || suit == "arms") return 1;
  if (suit == options.third_suit || suit == "crowns") return 2;
  if (suit == "black" || suit == "moons") return kBlackSuit;
  throw RuleError("unknown tile suit \"" + suit + "\"; the course uses red, blue, " +
                  options.third_suit + " and the black ace (or suns, arms, crowns, moons)");
}

int RankIndex(const std::string& rank) {
  for (int r = 0; r < kHolesPerSuit; ++r) {
    if (kRanks[static_cast<size_t>(r)] == rank) return r;
  }
  throw RuleError("unknown tile rank \"" + rank + "\"; ranks are null, ace, 2, 3, 4 and 5");
}

}  // namespace

std::string SuitColour(int suit, const Options& options) {
  static const std::array<std::string, 2> kFixed = {"red", "blue"};
  return suit < 2 ? kFixed[static_cast<size_t>(suit)] : options.third_suit;
}

std::string SuitTitle(int suit, const Options& options) {
  return Capitalized(SuitColour(suit, options));
}

std::string RankName(int rank) { return std::string(kRanks.at(static_cast<size_t>(rank))); }

std::string HoleTitle(int hole, const Options& options) {
  return SuitTitle(hole / kHolesPerSuit, options) + " " + RankName(hole % kHolesPerSuit);
}

std::string TileTitle(int tile, const Options& options) {
  return tile == kFirstTeeTile ? "Black ace" : HoleTitle(tile - 1, options);
}

int CourseTile(const std::string& suit, const std::string& rank, const Options& options) {
  const int suit_index = SuitIndex(suit, options);
  const int rank_index = RankIndex(rank);
  if (suit_index != kBlackSuit) return TargetTile(suit_index * kHolesPerSuit + rank_index);
  if (rank_index == kAceRank) return kFirstTeeTile;
  throw RuleError("the black " + rank +
                  " is not part of the course (only the black ace is; other black tiles are "
                  "obstacles)");
}

}  // namespace tabref::rules::ppolf
