#include "data/session/game_session.h"

#include "data/session/journal.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"

namespace tabref::data {
namespace {

GameStatus StatusOf(const rules::State& state) {
  if (!state.IsTerminal()) return {};
  return {true, {{"winners", state.Names(state.Winners())}, {"status", state.StatusLine()}}};
}

}  // namespace

GameSession::GameSession(GameStore& store, std::int64_t game_id,
                         std::unique_ptr<rules::State> state, std::int64_t journal_length)
    : store_(&store),
      game_id_(game_id),
      state_(std::move(state)),
      journal_length_(journal_length) {}

GameSession GameSession::Create(GameStore& store, const rules::GameSetup& setup) {
  auto state = rules::MakeGame(setup)->NewInitialState();
  const std::int64_t id = store.CreateGame(setup, {}, {});
  return GameSession(store, id, std::move(state), 0);
}

GameSession GameSession::Import(GameStore& store, const rules::Json& log) {
  auto state = rules::ReplayLog(log);
  std::vector<JournalEntry> journal;
  for (const auto& action : state->History()) {
    JournalEntry entry;
    entry.action = action;
    journal.push_back(std::move(entry));
  }
  const std::int64_t id = store.CreateGame(state->game().setup(), journal, StatusOf(*state));
  const auto length = static_cast<std::int64_t>(journal.size());
  return GameSession(store, id, std::move(state), length);
}

GameSession GameSession::Open(GameStore& store, std::int64_t game_id) {
  const GameRecord record = store.Game(game_id);
  const std::vector<JournalEntry> journal = store.Journal(game_id);
  const auto actions = EffectiveActions(journal);
  const std::int64_t length = journal.empty() ? 0 : journal.back().sequence;
  try {
    return GameSession(store, game_id, rules::Replay(rules::MakeGame(record.setup), actions),
                       length);
  } catch (const rules::RuleError& error) {
    throw rules::RuleError("stored game #" + std::to_string(game_id) +
                           " no longer replays: " + error.what());
  }
}

void GameSession::Record(JournalEntry entry, std::unique_ptr<rules::State> next) {
  entry.sequence = journal_length_ + 1;
  journal_length_ = store_->Append(game_id_, entry, StatusOf(*next));
  state_ = std::move(next);
}

void GameSession::Act(const rules::Action& action, const rules::Json& evidence) {
  auto next = state_->Clone();
  next->Apply(action);
  JournalEntry entry;
  entry.action = action;
  entry.evidence = evidence;
  Record(entry, std::move(next));
}

void GameSession::Undo() {
  auto next = state_->Clone();
  next->Undo();
  JournalEntry entry;
  entry.kind = EntryKind::kUndo;
  Record(entry, std::move(next));
}

void GameSession::Correct(int index, const rules::Json& replacement) {
  auto actions = state_->History();
  if (index < 1 || index > static_cast<int>(actions.size())) {
    throw rules::RuleError("there is no action " + std::to_string(index) +
                           " to correct; the game has " + std::to_string(actions.size()) +
                           " actions");
  }
  const rules::Action corrected{replacement, rules::ActionSource::kCorrection};
  actions[static_cast<size_t>(index - 1)] = corrected;
  auto next = rules::Replay(state_->game_ptr(), actions);
  JournalEntry entry;
  entry.kind = EntryKind::kCorrection;
  entry.action = corrected;
  entry.corrects = index;
  Record(entry, std::move(next));
}

rules::Json GameSession::ExportLog() const {
  const GameRecord record = store_->Game(game_id_);
  rules::Json log = state_->ToLogJson();
  log["id"] = game_id_;
  log["created"] = record.created_at;
  if (record.finished_at) log["finished"] = *record.finished_at;
  return log;
}

}  // namespace tabref::data
