#include "app/cli/command.h"
#include "rules/card_golf/card_golf.h"

namespace tabref::cli {

Command MakeScoreCommand() {
  CommandSpec spec{"score",
                   "card-golf --field \"CARDS\" --hand \"CARDS\" [--json]",
                   "score a Czech Golf field and hand",
                   "Cards are ranks separated by spaces: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10; "
                   "a suit\nletter may follow, as in QH). The field holds 6 cards, the hand 5.\n"
                   "Example: tabref score card-golf --field \"A K J J Q 9\" --hand \"4 7 7 9 A\"",
                   {{"field", "CARDS", "the six cards of the field"},
                    {"hand", "CARDS", "the five cards of the hand"},
                    {"json", "", "print the breakdown as JSON"}},
                   1,
                   1};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        if (args.positional[0] != "card-golf") {
          throw UsageError("only card-golf is scored from cards, got '" + args.positional[0] + "'");
        }
        const auto field = args.Value("field");
        const auto hand = args.Value("hand");
        if (!field || !hand) throw UsageError("give both --field and --hand");
        const auto breakdown = rules::card_golf::Score(rules::card_golf::ParseCards(*field),
                                                       rules::card_golf::ParseCards(*hand));
        if (args.Has("json")) {
          out << breakdown.ToJson().dump(2) << "\n";
          return 0;
        }
        out << "Field " << *field << ": " << breakdown.field_points << "\n"
            << "Hand  " << *hand << ": " << breakdown.hand_face_points + breakdown.hand_lowest_rank
            << " (" << breakdown.hand_face_points << " for face and ace cards + lowest rank "
            << breakdown.hand_lowest_rank << ")\n"
            << "Total: " << breakdown.total << "\n";
        return 0;
      }};
}

}  // namespace tabref::cli
