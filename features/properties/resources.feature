# Property-based scenarios: see params.feature in this folder.
Feature: Properties of resources

  # catches: a resource route missing or bound to the wrong action or method, /name/create taken by show,
  # and resource routes shadowing or being shadowed by unrelated routes of other shapes.
  @property @id:resources-property-resource-tables @rule:resources.routes @rule:resources.only-seven @rule:resources.id-param @rule:resources.create-not-show @rule:errors.not-found @rule:errors.method-not-allowed @rule:errors.allow-header @rule:errors.allow-exact @rule:dispatch.method-filter @rule:dispatch.regex-match @capability:resources
  Scenario: Resources registered among other routes answer with their seven actions
    When the property "resource-tables" is checked
    Then it holds
