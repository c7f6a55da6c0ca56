#pragma once

#include <string>

#include "rules/core/score_table.h"

namespace tabref::data {

// The scorecard as CSV (RFC 4180): a header row ("", columns...), then one row per
// scorecard row, label first.
std::string ScorecardCsv(const rules::ScoreTable& table);

}  // namespace tabref::data
