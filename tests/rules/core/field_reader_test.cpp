#include "rules/core/field_reader.h"

#include <gtest/gtest.h>

#include "rules/core/rule_error.h"

namespace tabref::rules {
namespace {

std::string ErrorOf(const std::function<void()>& body) {
  try {
    body();
  } catch (const RuleError& error) {
    return error.what();
  }
  return "";
}

TEST(FieldReader, ReadsTypedFieldsWithDefaults) {
  const Json object = {{"type", "x"}, {"target", 21}, {"bust", false}, {"name", "A"}};
  FieldReader reader(object, "bocce option");
  EXPECT_EQ(reader.Int("target", 1, 99), 21);
  EXPECT_FALSE(reader.Bool("bust", true));
  EXPECT_EQ(reader.Choice("name", {"A", "B"}), "A");
  EXPECT_DOUBLE_EQ(reader.Number("tolerance", 1.5), 1.5);
  EXPECT_NO_THROW(reader.RejectUnknown());
}

TEST(FieldReader, ErrorsNameTheFieldAndWhatIsAllowed) {
  const Json object = {{"target", 120}, {"side", "C"}, {"colour", "red"}};
  FieldReader reader(object, "bocce option");
  EXPECT_EQ(ErrorOf([&] { reader.Int("target", 1, 99); }),
            "bocce option: field \"target\" must be between 1 and 99, got 120");
  EXPECT_EQ(ErrorOf([&] {
              reader.Choice("side", {"A", "B"});
            }),
            "bocce option: field \"side\" must be A or B, got \"C\"");
  EXPECT_EQ(ErrorOf([&] { reader.Number("missing"); }),
            "bocce option: field \"missing\" is missing");
  EXPECT_EQ(ErrorOf([&] { reader.RejectUnknown(); }),
            "bocce option: unknown field \"colour\"; known fields: missing, side and target");
}

TEST(FieldReader, RejectsNonObjectsAndNonFiniteNumbers) {
  EXPECT_THROW(FieldReader(Json::array(), "action"), RuleError);
  FieldReader reader(Json{{"x", "1"}}, "action");
  EXPECT_THROW(reader.Number("x"), RuleError);
}

}  // namespace
}  // namespace tabref::rules
