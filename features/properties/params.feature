# Property-based scenarios: fast-check generates cases, the runner's model (conformance-runner/src/properties)
# says what the spec prescribes for each, and a failure prints the shrunk case as a scenario to paste here.
# Replay one case with --seed <seed> --path <path> (both printed with the failure).
Feature: Properties of route parameters and regex constraints

  # catches: constraints compiled unanchored (a prefix or suffix of a valid value matches), static text
  # compiled as a regex (".", "+", "(", "$" unescaped), brace quantifiers {m,n} breaking the {name:regex}
  # syntax, and parameters extracted from the wrong capture group when a constraint contains groups.
  @property @id:params-property-regex-constraints @rule:params.constraint-regex @rule:params.constraint-braces @rule:params.anchored @rule:params.literal-static @rule:dispatch.extract-by-name
  Scenario: A constrained segment matches exactly the values of its regex's language, and static text is literal
    When the property "regex-constraints" is checked
    Then it holds
