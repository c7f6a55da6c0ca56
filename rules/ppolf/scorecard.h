#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/core/score_table.h"
#include "rules/ppolf/options.h"

namespace tabref::rules::ppolf {

// The flicks each player recorded per hole: [seat][hole], nullopt until the hole is done.
using ScoreSheet = std::vector<std::vector<std::optional<int>>>;

// The sum of the recorded holes in [first, last); nullopt when none is recorded.
std::optional<int> SumOfHoles(const std::vector<std::optional<int>>& holes, int first, int last);

// "E" for even, "+3" over, "-2" under par.
std::string AgainstPar(int total, int par);

// The rulebook's sheet: Red null..5, Red Total, Blue null..5, Blue Total, Green (or
// Yellow) null..5, its total and the Game Total, one column per player. The solitaire
// sheet adds the par and, once the course is played, the result against it.
ScoreTable PaperScorecard(const std::vector<std::string>& players, const ScoreSheet& sheet,
                          const Options& options);

}  // namespace tabref::rules::ppolf
