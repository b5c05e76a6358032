#include "algorithms/registry.h"
#include "base/parameters.h"
#include "engine/algorithm.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pw {
namespace {

const std::vector<ParameterSpec> kSpecs = {
    ParameterSpec::integer("population", 500, 2, 10000, "Population size"),
    ParameterSpec::real("alpha", 0.99995, 0.5, 1.0, "Cooling factor"),
    ParameterSpec::boolean("reheat", true, "Reheat when cold"),
    ParameterSpec::choice("schedule", "thesis", {"thesis", "lewis"}, "Cooling schedule"),
};

TEST(ParametersTest, DefaultsComeFromTheDeclarations) {
    const ParameterValues values(kSpecs);
    EXPECT_EQ(values.integer("population"), 500);
    EXPECT_DOUBLE_EQ(values.real("alpha"), 0.99995);
    EXPECT_TRUE(values.boolean("reheat"));
    EXPECT_EQ(values.choice("schedule"), "thesis");
    EXPECT_THROW(values.integer("nothing"), std::out_of_range);
}

TEST(ParametersTest, ParsesAndValidatesText) {
    ParameterValues values(kSpecs);
    EXPECT_EQ(values.set(kSpecs, "population", "50"), std::nullopt);
    EXPECT_EQ(values.integer("population"), 50);
    EXPECT_EQ(values.setAssignment(kSpecs, "alpha=0.9"), std::nullopt);
    EXPECT_DOUBLE_EQ(values.real("alpha"), 0.9);
    EXPECT_EQ(values.set(kSpecs, "alpha", "1"), std::nullopt);  // an integer text is a fine real
    EXPECT_EQ(values.set(kSpecs, "reheat", "off"), std::nullopt);
    EXPECT_FALSE(values.boolean("reheat"));
    EXPECT_EQ(values.set(kSpecs, "schedule", "lewis"), std::nullopt);
    EXPECT_EQ(values.choice("schedule"), "lewis");
}

TEST(ParametersTest, RejectsWithTheAllowedRange) {
    ParameterValues values(kSpecs);
    const ParameterValues before = values;
    EXPECT_EQ(values.set(kSpecs, "population", "1"),
              "parameter 'population' got '1'; it must be an integer from 2 to 10000");
    EXPECT_EQ(values.set(kSpecs, "population", "12abc"),
              "parameter 'population' got '12abc'; it must be an integer from 2 to 10000");
    EXPECT_EQ(values.set(kSpecs, "population", ""),
              "parameter 'population' got ''; it must be an integer from 2 to 10000");
    EXPECT_EQ(values.set(kSpecs, "alpha", "nan"), "parameter 'alpha' got 'nan'; it must be a number from 0.5 to 1");
    EXPECT_EQ(values.set(kSpecs, "reheat", "maybe"), "parameter 'reheat' got 'maybe'; it must be true or false");
    EXPECT_EQ(values.set(kSpecs, "schedule", "fast"),
              "parameter 'schedule' got 'fast'; it must be one of: thesis, lewis");
    EXPECT_EQ(values.set(kSpecs, "temperature", "3"),
              "unknown parameter 'temperature'; known parameters: population, alpha, reheat, schedule");
    EXPECT_EQ(values.setAssignment(kSpecs, "population"), "expected KEY=VALUE, got 'population'");
    EXPECT_EQ(values.setValue(kSpecs, "population", std::string("many")),
              "parameter 'population' got 'many'; it must be an integer from 2 to 10000");
    EXPECT_EQ(values, before);  // nothing changed on any failure
}

TEST(ParametersTest, EveryRegisteredDefaultIsValid) {
    ASSERT_FALSE(algorithmRegistry().empty());
    for (const auto& entry : algorithmRegistry()) {
        ParameterValues values(entry.info.parameters);
        for (const auto& spec : entry.info.parameters) {
            EXPECT_EQ(values.setValue(entry.info.parameters, spec.key, spec.defaultValue), std::nullopt)
                << entry.info.id << "." << spec.key;
            EXPECT_FALSE(spec.help.empty()) << entry.info.id << "." << spec.key;
        }
        EXPECT_FALSE(entry.info.paper.empty()) << entry.info.id;
        EXPECT_FALSE(entry.info.kinds.empty()) << entry.info.id;
        // The window's speed reads "20 <unit>/s": every entry names what its step is and its unit.
        EXPECT_FALSE(entry.info.stepMeaning.empty()) << entry.info.id;
        EXPECT_FALSE(entry.info.stepUnit.empty()) << entry.info.id;
        EXPECT_EQ(findAlgorithm(entry.info.id), &entry);
    }
    EXPECT_EQ(findAlgorithm("no-such-algorithm"), nullptr);
}

}  // namespace
TEST(ParameterRuleTest, RelationsAreCheckedAsDeclared) {
    const std::vector<ParameterSpec> specs = {
        ParameterSpec::choice("schedule", "a", {"a", "b"}, "which"),
        ParameterSpec::real("low", 1, 0, 100, "below high under a"),
        ParameterSpec::real("high", 2, 0, 100, "above low"),
    };
    const std::vector<ParameterRule> rules = {
        ParameterRule::below("low", "high", [](const ParameterValues& v) { return v.choice("schedule") == "a"; })};
    ParameterValues values(specs);
    EXPECT_FALSE(checkParameterRules(rules, values));
    ASSERT_FALSE(values.set(specs, "low", "2"));
    const auto broken = checkParameterRules(rules, values);
    ASSERT_TRUE(broken);
    EXPECT_EQ(*broken, "low (2) must be below high (2)");
    const auto violations = brokenParameterRules(rules, values);
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_EQ(violations[0].keys, (std::vector<std::string>{"low", "high"}));
    ASSERT_FALSE(values.set(specs, "schedule", "b"));
    EXPECT_FALSE(checkParameterRules(rules, values));  // the rule applies under `a` only
}

TEST(ParameterRuleTest, AnnealersDeclareTMinBelowT0) {
    for (const char* id : {"sa", "nurikabe-sa"}) {
        const AlgorithmInfo& info = findAlgorithm(id)->info;
        ParameterValues values(info.parameters);
        EXPECT_FALSE(checkParameterRules(info.parameterRules, values)) << id << ": the defaults keep every rule";
        ASSERT_FALSE(values.set(info.parameters, "t_min", "50"));
        const auto broken = checkParameterRules(info.parameterRules, values);
        ASSERT_TRUE(broken) << id;
        EXPECT_NE(broken->find("t_min (50) must be below t0"), std::string::npos) << *broken;
    }
    // Every declared rule names declared parameters, and every algorithm's defaults keep its rules.
    for (const AlgorithmEntry& entry : algorithmRegistry()) {
        for (const ParameterRule& rule : entry.info.parameterRules)
            for (const std::string& key : rule.keys)
                EXPECT_TRUE(std::any_of(entry.info.parameters.begin(), entry.info.parameters.end(),
                                        [&](const ParameterSpec& spec) { return spec.key == key; }))
                    << entry.info.id << ": " << key;
        EXPECT_FALSE(checkParameterRules(entry.info.parameterRules, ParameterValues(entry.info.parameters)))
            << entry.info.id;
    }
}

}  // namespace pw
