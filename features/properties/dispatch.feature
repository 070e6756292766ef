# Property-based scenarios: see params.feature in this folder.
Feature: Properties of dispatch, 404 and 405

  # catches: a route answering for another method, 404 where a URI exists under other methods, 405 without
  # Allow, an Allow header missing a method, listing one twice (two routes on one URI shape) or listing a
  # method the URI does not have, and {name} matching an empty segment or more than one segment.
  @property @id:dispatch-property-route-tables @rule:errors.not-found @rule:errors.method-not-allowed @rule:errors.allow-header @rule:errors.allow-exact @rule:dispatch.method-filter @rule:dispatch.regex-match @rule:params.default-constraint
  Scenario: In any route table, each route answers its methods, other methods get 405 with the exact Allow, other paths 404
    When the property "route-tables" is checked
    Then it holds
