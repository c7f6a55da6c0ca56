#include <gtest/gtest.h>

#include "data/export/scorecard_csv.h"

namespace tabref::data {
namespace {

TEST(ScorecardCsv, WritesHeaderAndRowsWithQuoting) {
  rules::ScoreTable table;
  table.title = "Ppolf";
  table.columns = {"Ann", "Bob \"the flick\""};
  table.rows = {{"Red null", {"3", "4"}, false},
                {"Red Total", {"3", ""}, true},
                {"Note, with comma", {"a\nb", "x"}, false}};
  EXPECT_EQ(ScorecardCsv(table),
            "Ppolf,Ann,\"Bob \"\"the flick\"\"\"\r\n"
            "Red null,3,4\r\n"
            "Red Total,3,\r\n"
            "\"Note, with comma\",\"a\nb\",x\r\n");
}

}  // namespace
}  // namespace tabref::data
