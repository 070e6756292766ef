# Property-based scenarios: see params.feature in this folder.
Feature: Properties of groups

  # catches: a nested group that replaces instead of concatenating its parent's prefix, concatenation in
  # the wrong order, a prefix leaking to routes registered after the group, and routes also reachable
  # without their prefix.
  @property @id:groups-property-group-tables @rule:groups.prefix @rule:groups.nested-prefix @rule:errors.not-found @rule:errors.method-not-allowed @rule:errors.allow-header @rule:errors.allow-exact @rule:dispatch.method-filter @rule:dispatch.regex-match @capability:groups
  Scenario: Routes in nested groups are reached under their concatenated prefixes and nowhere else
    When the property "group-tables" is checked
    Then it holds
