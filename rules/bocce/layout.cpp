#include "rules/bocce/layout.h"

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::bocce {

Layout Layout::InBounds(const Court& court) const {
  Layout kept;
  if (jack && court.InBounds(jack->position)) kept.jack = jack;
  for (size_t side = 0; side < bowls.size(); ++side) {
    for (const Coin& bowl : bowls[side]) {
      if (court.InBounds(bowl.position)) kept.bowls[side].push_back(bowl);
    }
  }
  return kept;
}

Coin CoinFromFields(FieldReader& reader) {
  Coin coin{PointFromJson(reader.Required("position")), reader.Number("sigma_mm", 0.0)};
  if (coin.sigma_mm < 0.0) reader.Fail("sigma_mm", "must not be negative");
  return coin;
}

Coin CoinFromJson(const Json& json, const std::string& what) {
  if (json.is_array()) return {PointFromJson(json), 0.0};
  FieldReader reader(json, what);
  const Coin coin = CoinFromFields(reader);
  reader.RejectUnknown();
  return coin;
}

Json ToJson(const Coin& coin) {
  if (coin.sigma_mm == 0.0) return rules::ToJson(coin.position);
  return {{"position", rules::ToJson(coin.position)}, {"sigma_mm", coin.sigma_mm}};
}

Layout LayoutFromAction(const Json& body, const Sides& sides) {
  FieldReader reader(body, "action 'bowl'");
  Layout layout;
  if (!body.contains("jack")) {
    reader.Fail("jack", "is missing: give the jack's position, or null when it left the table");
  }
  if (const Json* jack = reader.Optional("jack")) layout.jack = CoinFromJson(*jack, "jack");
  FieldReader bowls_reader(reader.Required("bowls"), "bowls of action 'bowl'");
  for (int side = 0; side < 2; ++side) {
    const Json* list = bowls_reader.Optional(sides.Name(side));
    if (list == nullptr) continue;
    if (!list->is_array()) bowls_reader.Fail(sides.Name(side), "must be a list of coins");
    for (const Json& coin : *list) {
      layout.bowls[side].push_back(CoinFromJson(coin, sides.Name(side) + " bowl"));
    }
  }
  bowls_reader.RejectUnknown();
  return layout;
}

Json ToJson(const Layout& layout, const Sides& sides) {
  Json bowls = Json::object();
  for (int side = 0; side < 2; ++side) {
    Json coins = Json::array();
    for (const Coin& bowl : layout.bowls[side]) coins.push_back(ToJson(bowl));
    bowls[sides.Name(side)] = coins;
  }
  return {{"jack", layout.jack ? ToJson(*layout.jack) : Json(nullptr)}, {"bowls", bowls}};
}

}  // namespace tabref::rules::bocce
