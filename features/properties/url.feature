# Property-based scenarios: see params.feature in this folder.
Feature: Properties of URL generation

  # catches: unfilled {segments}, constraints copied into the URL, values not percent-encoded (space, "/",
  # "?", "&", "%", "#", unicode), segment entries repeated in the query string, query entries lost or
  # duplicated, and URLs whose values do not come back unchanged when requested.
  @property @id:url-property-url-generation @rule:url.fill-segments @rule:url.query-string @rule:url.round-trip @rule:named.name @capability:named-routes @capability:url-generation
  Scenario: route(name, params) fills every segment, puts exactly the other entries in the query, and leads back to the route
    When the property "url-generation" is checked
    Then it holds
