# Property-based scenarios: see params.feature in this folder.
Feature: Properties of named routes

  # catches: names lost inside groups, resource routes named differently from name.action, a name bound to
  # the wrong route, and generated URLs without the group prefix.
  @property @id:named-property-route-names @rule:named.name @rule:resources.names @rule:resources.id-name @rule:resources.routes @rule:resources.only-seven @rule:resources.id-param @rule:resources.create-not-show @rule:url.no-empty-query @rule:url.round-trip @rule:groups.prefix @rule:groups.nested-prefix @rule:errors.not-found @rule:errors.method-not-allowed @rule:errors.allow-header @rule:errors.allow-exact @rule:dispatch.method-filter @rule:dispatch.regex-match @capability:groups @capability:resources @capability:named-routes @capability:url-generation
  Scenario: The URL generated for any route name, explicit or a resource's, leads back to that route
    When the property "route-names" is checked
    Then it holds
