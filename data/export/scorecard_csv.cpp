#include "data/export/scorecard_csv.h"

namespace tabref::data {
namespace {

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void AppendRow(std::string& csv, const std::string& label, const std::vector<std::string>& cells) {
  csv += CsvField(label);
  for (const auto& cell : cells) csv += "," + CsvField(cell);
  csv += "\r\n";
}

}  // namespace

std::string ScorecardCsv(const rules::ScoreTable& table) {
  std::string csv;
  AppendRow(csv, table.title, table.columns);
  for (const auto& row : table.rows) AppendRow(csv, row.label, row.cells);
  return csv;
}

}  // namespace tabref::data
