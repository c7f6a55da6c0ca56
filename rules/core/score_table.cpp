#include "rules/core/score_table.h"

#include <algorithm>
#include <sstream>

namespace tabref::rules {

Json ScoreTable::ToJson() const {
  Json json_rows = Json::array();
  for (const auto& row : rows) {
    json_rows.push_back({{"label", row.label}, {"cells", row.cells}, {"total", row.is_total}});
  }
  return {{"title", title}, {"columns", columns}, {"rows", json_rows}, {"details", details}};
}

ScoreTable ScoreTable::FromJson(const Json& json) {
  ScoreTable table;
  table.title = json.value("title", std::string());
  table.columns = json.value("columns", std::vector<std::string>());
  for (const auto& row : json.value("rows", Json::array())) {
    table.rows.push_back({row.value("label", std::string()),
                          row.value("cells", std::vector<std::string>()),
                          row.value("total", false)});
  }
  table.details = json.value("details", Json::object());
  return table;
}

std::string ScoreTable::ToText() const {
  size_t label_width = 0;
  for (const auto& row : rows) label_width = std::max(label_width, row.label.size());
  std::vector<size_t> widths;
  for (const auto& column : columns) widths.push_back(std::max<size_t>(column.size(), 3));
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.cells.size() && c < widths.size(); ++c) {
      widths[c] = std::max(widths[c], row.cells[c].size());
    }
  }
  std::ostringstream out;
  if (!title.empty()) out << title << "\n";
  auto line = [&](const std::string& label, const std::vector<std::string>& cells) {
    out << label << std::string(label_width - std::min(label_width, label.size()), ' ');
    for (size_t c = 0; c < widths.size(); ++c) {
      const std::string cell = c < cells.size() ? cells[c] : "";
      out << " | " << std::string(widths[c] - std::min(widths[c], cell.size()), ' ') << cell;
    }
    out << "\n";
  };
  line("", columns);
  size_t rule_width = label_width;
  for (size_t w : widths) rule_width += w + 3;
  for (const auto& row : rows) {
    if (row.is_total) out << std::string(rule_width, '-') << "\n";
    line(row.label, row.cells);
  }
  return out.str();
}

}  // namespace tabref::rules
