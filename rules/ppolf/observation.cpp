#include "rules/ppolf/observation.h"

#include <algorithm>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"
#include "rules/ppolf/course.h"

namespace tabref::rules::ppolf {
namespace {

double Sigma(FieldReader& reader) {
  const double sigma = reader.Number("sigma_mm", 0.0);
  if (sigma < 0.0) reader.Fail("sigma_mm", "must not be negative");
  return sigma;
}

TilePose ReadTilePose(FieldReader& reader) {
  TilePose pose;
  pose.at = PointFromJson(reader.Required("at"));
  pose.angle_deg = reader.Number("angle_deg", 0.0);
  pose.sigma_mm = Sigma(reader);
  return pose;
}

SeatedCoin ReadCoin(const Json& json, const std::vector<std::string>& players) {
  FieldReader reader(json, "coin");
  SeatedCoin coin;
  coin.seat = SeatOf(reader.String("player"), players);
  coin.sighting.at = PointFromJson(reader.Required("at"));
  coin.sighting.sigma_mm = Sigma(reader);
  reader.RejectUnknown();
  return coin;
}

PlacedTile ReadTile(const Json& json, const Options& options) {
  FieldReader reader(json, "tile");
  PlacedTile tile;
  tile.tile = CourseTile(reader.String("suit"), reader.String("rank"), options);
  tile.pose = ReadTilePose(reader);
  reader.RejectUnknown();
  return tile;
}

const Json& ListField(FieldReader& reader, std::string_view key) {
  static const Json kEmpty = Json::array();
  const Json* list = reader.Optional(key);
  if (list == nullptr) return kEmpty;
  if (!list->is_array()) reader.Fail(key, "must be a list");
  return *list;
}

std::vector<SeatedCoin> ReadCoins(FieldReader& reader, const std::vector<std::string>& players) {
  std::vector<SeatedCoin> coins;
  for (const Json& entry : ListField(reader, "coins")) {
    coins.push_back(ReadCoin(entry, players));
    for (size_t i = 0; i + 1 < coins.size(); ++i) {
      if (coins[i].seat == coins.back().seat) {
        reader.Fail("coins", "names " + players[static_cast<size_t>(coins[i].seat)] + " twice");
      }
    }
  }
  return coins;
}

std::vector<int> ReadSeats(FieldReader& reader, std::string_view key,
                           const std::vector<std::string>& players) {
  std::vector<int> seats;
  for (const Json& entry : ListField(reader, key)) {
    if (!entry.is_string()) reader.Fail(key, "must hold player names, got " + entry.dump());
    const int seat = SeatOf(entry.get<std::string>(), players);
    if (std::find(seats.begin(), seats.end(), seat) != seats.end()) {
      reader.Fail(key, "names " + entry.get<std::string>() + " twice");
    }
    seats.push_back(seat);
  }
  return seats;
}

}  // namespace

int Flick::PenaltyFlicks() const {
  return (off_table ? 1 : 0) + static_cast<int>(knocked_off.size()) + holes_knocked_off +
         obstacles_knocked_off;
}

Json HoleTileJson(int hole, const TilePose& pose, const Options& options) {
  Json tile = {{"suit", SuitColour(hole / kHolesPerSuit, options)},
               {"rank", RankName(hole % kHolesPerSuit)}};
  tile.update(ToJson(pose));
  return tile;
}

int SeatOf(const std::string& name, const std::vector<std::string>& players) {
  const auto it = std::find(players.begin(), players.end(), name);
  if (it == players.end()) {
    throw RuleError("unknown player '" + name + "'; the players are " +
                    JoinChoices(players, "and"));
  }
  return static_cast<int>(it - players.begin());
}

Flick ParseFlick(const Json& body, const std::vector<std::string>& players,
                 const Options& options) {
  FieldReader reader(body, "action 'flick'");
  Flick flick;
  flick.seat = SeatOf(reader.String("player"), players);
  flick.hit = reader.Bool("hit", false);
  for (const Json& entry : ListField(reader, "touched")) {
    if (reader.Has("hit")) {
      reader.Fail("hit", "and \"touched\" both say whether the hole was hit; give one of them");
    }
    FieldReader tile(entry, "touched tile");
    flick.touched.push_back(CourseTile(tile.String("suit"), tile.String("rank"), options));
    tile.RejectUnknown();
  }
  flick.off_table = reader.Bool("off_table", false);
  flick.knocked_off = ReadSeats(reader, "knocked_off", players);
  flick.knocked_in = ReadSeats(reader, "knocked_in", players);
  flick.holes_knocked_off = reader.Int("holes_knocked_off", 0, kTileCount, 0);
  if (options.obstacles == 0 && reader.Has("obstacles_knocked_off")) {
    reader.Fail("obstacles_knocked_off",
                "is not allowed: the course has no obstacles (option "
                "\"obstacles\" is 0)");
  }
  flick.obstacles_knocked_off = reader.Int("obstacles_knocked_off", 0, options.obstacles, 0);
  if (const Json* putt_out = reader.Optional("putt_out")) {
    if (!putt_out->is_boolean()) reader.Fail("putt_out", "must be true or false");
    flick.putt_out = putt_out->get<bool>();
  }
  if (const Json* hole = reader.Optional("hole")) {
    FieldReader hole_reader(*hole, "hole");
    flick.hole = ReadTilePose(hole_reader);
    hole_reader.RejectUnknown();
  }
  flick.coins = ReadCoins(reader, players);
  reader.RejectUnknown();
  return flick;
}

Layout ParseLayout(const Json& body, const std::vector<std::string>& players,
                   const Options& options) {
  FieldReader reader(body, "action 'layout'");
  Layout layout;
  for (const Json& entry : ListField(reader, "tiles")) {
    layout.tiles.push_back(ReadTile(entry, options));
  }
  layout.coins = ReadCoins(reader, players);
  reader.RejectUnknown();
  if (layout.tiles.empty() && layout.coins.empty()) {
    throw RuleError("action 'layout' needs \"tiles\" or \"coins\" to place");
  }
  return layout;
}

Ruling ParseRuling(const Json& body, const std::vector<std::string>& players) {
  FieldReader reader(body, "action 'ruling'");
  Ruling ruling;
  if (reader.Has("closer")) ruling.closer = SeatOf(reader.String("closer"), players);
  if (reader.Has("putt_out")) ruling.putt_out = reader.Bool("putt_out");
  reader.Allow({"closer", "putt_out"});
  reader.RejectUnknown();
  if (ruling.closer.has_value() == ruling.putt_out.has_value()) {
    throw RuleError(
        "action 'ruling' takes exactly one of \"closer\" (a player's name) or \"putt_out\" "
        "(true or false)");
  }
  return ruling;
}

}  // namespace tabref::rules::ppolf
