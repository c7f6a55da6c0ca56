#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"

namespace tabref::rules {

// A game's scorecard as the paper sheet lays it out: one column per player or side, one
// row per hole, round or end, with total rows. Every front end (CLI text, CSV, PDF, the
// Qt scorecards) starts from this; `details` carries what a game-specific view needs.
struct ScoreTable {
  struct Row {
    std::string label;
    std::vector<std::string> cells;  // one per column; "" for an empty box
    bool is_total = false;           // a subtotal or total row (drawn bold on paper)
  };

  std::string title;
  std::vector<std::string> columns;
  std::vector<Row> rows;
  Json details = Json::object();

  Json ToJson() const;
  static ScoreTable FromJson(const Json& json);
  // A fixed-width text table for terminals.
  std::string ToText() const;
};

}  // namespace tabref::rules
