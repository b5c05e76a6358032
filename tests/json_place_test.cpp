// Places in a JSON text: the value at a path of keys and indices, found again by walking the text.

#include "io/json_place.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

TEST(JsonPlace, FindsTheValueAtAPathOfKeysAndIndices) {
    const std::string text = "{\n  \"a\": [1, {\"b\": \"x,]}\\\"\"}, {\"b\": 7}],\n  \"b\": true\n}\n";
    const auto at = [&](const std::vector<std::string>& path) { return lineAndColumn(text, jsonValueOffset(text, path)); };
    EXPECT_EQ(at({}), std::make_pair(1, 1));
    EXPECT_EQ(at({"a"}), std::make_pair(2, 8));
    EXPECT_EQ(at({"a", "0"}), std::make_pair(2, 9));
    EXPECT_EQ(at({"a", "1", "b"}), std::make_pair(2, 18));  // past a string holding , ] } and an escaped quote
    EXPECT_EQ(at({"a", "2", "b"}), std::make_pair(2, 35));
    EXPECT_EQ(at({"b"}), std::make_pair(3, 8));
    // A path leaving the document stops at the deepest value it reached: the object a key is missing from.
    EXPECT_EQ(at({"a", "2", "c"}), std::make_pair(2, 29));
    EXPECT_EQ(at({"a", "9"}), std::make_pair(2, 8));
    EXPECT_EQ(at({"b", "c"}), std::make_pair(3, 8));
}

TEST(JsonPlace, PathsReadAsPeopleWriteThem) {
    EXPECT_EQ(jsonPathText({"configurations", "2", "parameters", "t0"}), "configurations[2].parameters.t0");
    EXPECT_EQ(jsonPathText({"runs"}), "runs");
    EXPECT_EQ(jsonPathText({}), "");
}

}  // namespace
}  // namespace pw
