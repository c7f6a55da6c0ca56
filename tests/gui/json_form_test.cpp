#include "app/gui/json_form.h"

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>

namespace tabref::gui {
namespace {

rules::Json Example() {
  return {{"type", "reveal"},    {"player", "Ann"},
          {"field", {"A", "K"}}, {"bust_rule", true},
          {"target", 21},        {"distance_mm", 12.5},
          {"note", "free text"}, {"peeked", {{"Bob", {1, 2}}}}};
}

QStringList PlayersForPlayerField(const std::string& pointer, const rules::Json& /*example*/) {
  return pointer == "/player" ? QStringList{"Ann", "Bob"} : QStringList{};
}

TEST(JsonFormTest, GivesBackTheExampleWhenNothingIsEdited) {
  JsonForm form(Example(), PlayersForPlayerField);
  EXPECT_EQ(form.value(), Example());
}

TEST(JsonFormTest, MakesAnEditorOfTheRightKindForEachField) {
  JsonForm form(Example(), PlayersForPlayerField);
  EXPECT_NE(form.findChild<QComboBox*>("/player"), nullptr);
  EXPECT_NE(form.findChild<QLineEdit*>("/field/1"), nullptr);
  EXPECT_NE(form.findChild<QCheckBox*>("/bust_rule"), nullptr);
  EXPECT_NE(form.findChild<QSpinBox*>("/target"), nullptr);
  EXPECT_NE(form.findChild<QDoubleSpinBox*>("/distance_mm"), nullptr);
  EXPECT_NE(form.findChild<QSpinBox*>("/peeked/Bob/0"), nullptr);
  EXPECT_EQ(form.findChild<QWidget*>("/type"), nullptr) << "the type is not for editing";
}

TEST(JsonFormTest, ReadsEveryEditedValue) {
  JsonForm form(Example(), PlayersForPlayerField);
  form.findChild<QComboBox*>("/player")->setCurrentText("Bob");
  form.findChild<QLineEdit*>("/field/1")->setText("Q");
  form.findChild<QCheckBox*>("/bust_rule")->setChecked(false);
  form.findChild<QSpinBox*>("/target")->setValue(13);
  form.findChild<QDoubleSpinBox*>("/distance_mm")->setValue(3.25);
  form.findChild<QSpinBox*>("/peeked/Bob/0")->setValue(5);

  rules::Json expected = Example();
  expected["player"] = "Bob";
  expected["field"][1] = "Q";
  expected["bust_rule"] = false;
  expected["target"] = 13;
  expected["distance_mm"] = 3.25;
  expected["peeked"]["Bob"][0] = 5;
  EXPECT_EQ(form.value(), expected);
}

TEST(JsonFormTest, AnOpenValueIsTypedAsJsonOrLeftEmpty) {
  JsonForm form({{"type", "jack"}, {"position", nullptr}}, PlayersForPlayerField);
  auto* position = form.findChild<QLineEdit*>("/position");
  ASSERT_NE(position, nullptr);
  EXPECT_TRUE(form.value()["position"].is_null());
  position->setText("[10, 20.5]");
  EXPECT_EQ(form.value()["position"], rules::Json::array({10, 20.5}));
}

TEST(JsonFormTest, LabelsReadLikeWords) {
  EXPECT_EQ(FieldLabel("bumper_measure"), "Bumper measure");
}

}  // namespace
}  // namespace tabref::gui
