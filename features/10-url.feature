Feature: URL generation
  UrlGenerator::route(<name>, <parameters map>) returns a URL string (a path) for the named route.
  Map entries that match a route segment fill that segment; any other entry is appended as a query
  string.

  Background:
    Given the routes:
      """
      $router->get('/about', fn() => 'about')->name('about');
      $router->get('/users/{id}', fn(...$args) => $args)->name('users.show');
      $router->get('/n/{value:[0-9]+}', [EchoController::class, 'untyped'])->name('numbered');
      $router->get('/posts/{post}/comments/{comment}', fn(...$args) => $args)->name('comments.show');
      $router->get('/t/{value}', [EchoController::class, 'string'])->name('text');
      """

  @rule:url.fill-segments
  Rule: entries named like a segment fill it

    # catches: a generator that leaves the placeholder or the constraint in the URL
    @id:url-fill-one-segment @capability:named-routes @capability:url-generation
    Scenario: {"id": 7} fills /users/{id}
      When I generate the URL for "users.show" with {"id": 7}
      Then the URL is "/users/7"

    @id:url-fill-constraint-dropped @capability:named-routes @capability:url-generation
    Scenario: the constraint of {value:[0-9]+} does not appear in the URL
      When I generate the URL for "numbered" with {"value": 42}
      Then the URL is "/n/42"

    # catches: segments filled in map order instead of by name
    @id:url-fill-by-name-not-order @capability:named-routes @capability:url-generation
    Scenario: two segments filled from a map listing them in the other order
      When I generate the URL for "comments.show" with {"comment": "2", "post": "1"}
      Then the URL is "/posts/1/comments/2"

    @id:url-fill-string-value @capability:named-routes @capability:url-generation
    Scenario: a string value fills the segment as it is
      When I generate the URL for "users.show" with {"id": "hello-world_1.x~"}
      Then the URL is "/users/hello-world_1.x~"

    @id:url-fill-within-segment @capability:named-routes @capability:url-generation
    Scenario: a parameter sharing its segment with static text
      Given the routes:
        """
        $router->get('/report-{year}.csv', fn(...$args) => $args)->name('report');
        """
      When I generate the URL for "report" with {"year": 2024}
      Then the URL is "/report-2024.csv"

    @id:url-fill-brace-quantifier @capability:named-routes @capability:url-generation
    Scenario: a constraint with a brace quantifier is replaced whole
      Given the routes:
        """
        $router->get('/archive/{year:[0-9]{4}}/posts', fn(...$args) => $args)->name('archive');
        """
      When I generate the URL for "archive" with {"year": 2024}
      Then the URL is "/archive/2024/posts"

    # catches: placeholder replacement by prefix, so {id} also eats {idx}
    @id:url-fill-similar-names @capability:named-routes @capability:url-generation
    Scenario: parameters whose names share a prefix are filled separately
      Given the routes:
        """
        $router->get('/a/{id}/{idx}/{i}', fn(...$args) => $args)->name('similar');
        """
      When I generate the URL for "similar" with {"idx": "two", "i": "three", "id": "one"}
      Then the URL is "/a/one/two/three"

  @rule:url.query-string
  Rule: other entries are appended as a query string

    # catches: extra entries dropped or turned into path segments
    @id:url-query-one-extra @capability:named-routes @capability:url-generation
    Scenario: an extra entry becomes the query string
      When I generate the URL for "users.show" with {"id": 7, "sort": "asc"}
      Then the URL has the path "/users/7" and the query:
        | key  | value |
        | sort | asc   |

    @id:url-query-two-extras @capability:named-routes @capability:url-generation
    Scenario: every extra entry is in the query string, once
      When I generate the URL for "users.show" with {"id": 7, "sort": "asc", "page": 2}
      Then the URL has the path "/users/7" and the query:
        | key  | value |
        | sort | asc   |
        | page | 2     |

    @id:url-query-static-route @capability:named-routes @capability:url-generation
    Scenario: every entry of a static route's map goes to the query string
      When I generate the URL for "about" with {"ref": "home"}
      Then the URL has the path "/about" and the query:
        | key | value |
        | ref | home  |

    @id:url-query-one-exact @capability:named-routes @capability:url-generation
    Scenario: one extra alphanumeric entry gives exactly ?key=value
      When I generate the URL for "users.show" with {"id": 7, "sort": "asc"}
      Then the URL is "/users/7?sort=asc"

  @rule:url.path
  Rule: the URL is a path

    # catches: absolute URLs (scheme and host)
    @id:url-path-not-absolute @capability:named-routes @capability:url-generation
    Scenario: the URL of /about is exactly "/about"
      When I generate the URL for "about"
      Then the URL is "/about"

  @rule:url.no-empty-query
  Rule: no "?" without a query entry

    # catches: a generator that always appends "?"
    @id:url-no-query-empty-map @capability:named-routes @capability:url-generation
    Scenario: an empty map gives no query string
      When I generate the URL for "about" with {}
      Then the URL has no query string

    @id:url-no-query-all-used @capability:named-routes @capability:url-generation
    Scenario: a map whose entries all fill segments gives no query string
      When I generate the URL for "comments.show" with {"post": 1, "comment": 2}
      Then the URL is "/posts/1/comments/2"
      And the URL has no query string

  @rule:url.zero
  Rule: 0 is a value like any other

    # catches: falsy checks that treat 0 as missing
    @id:url-zero-int-segment @capability:named-routes @capability:url-generation
    Scenario: the int 0 fills a segment
      When I generate the URL for "users.show" with {"id": 0}
      Then the URL is "/users/0"

    @id:url-zero-string-segment @capability:named-routes @capability:url-generation
    Scenario: the string "0" fills a segment
      When I generate the URL for "users.show" with {"id": "0"}
      Then the URL is "/users/0"

    @id:url-zero-query @capability:named-routes @capability:url-generation
    Scenario: the int 0 is kept in the query string
      When I generate the URL for "users.show" with {"id": 1, "page": 0}
      Then the URL has the path "/users/1" and the query:
        | key  | value |
        | page | 0     |

  @rule:url.round-trip
  Rule: requesting a generated URL gives the action the same values

    # catches: generation and dispatch disagreeing on encoding
    @capability:named-routes @capability:url-generation
    Scenario Outline: the value <value> survives the round trip
      When I generate the URL for "text" with {"value": <value>}
      And I request GET the generated URL
      Then the status is 200
      And the parameter "value" is the string <value>

      @id:url-round-trip-plain
      Examples:
        | value         |
        | "hello-world" |

      @id:url-round-trip-space
      Examples:
        | value         |
        | "hello world" |

      @id:url-round-trip-plus
      Examples:
        | value |
        | "a+b" |

      @id:url-round-trip-query-chars
      Examples:
        | value     |
        | "a?b&c=d" |

      @id:url-round-trip-percent
      Examples:
        | value  |
        | "50%"  |

      @id:url-round-trip-unicode
      Examples:
        | value  |
        | "café" |

      @id:url-round-trip-hash
      Examples:
        | value  |
        | "#top" |

    # catches: sequential placeholder replacement that substitutes into an already filled value
    @id:url-round-trip-braces-in-value @capability:named-routes @capability:url-generation
    Scenario: a value that looks like another placeholder is not filled again
      Given the routes:
        """
        $router->get('/pair/{first}/{second}', [EchoController::class, 'pair'])->name('pair');
        """
      When I generate the URL for "pair" with {"first": "{second}", "second": "x"}
      And I request GET the generated URL
      Then the action "EchoController@pair" received:
        | name   | type   | value      |
        | second | string | "x"        |
        | first  | string | "{second}" |

    @id:url-round-trip-int @capability:named-routes @capability:url-generation
    Scenario: an int value comes back as the URI string of a constrained route
      When I generate the URL for "numbered" with {"value": 42}
      And I request GET the generated URL
      Then the action "EchoController@untyped" received:
        | name  | type   | value |
        | value | string | "42"  |

    @id:url-round-trip-query-ignored @capability:named-routes @capability:url-generation
    Scenario: the query string of a generated URL does not stop it from matching
      When I generate the URL for "text" with {"value": "x", "extra": "y z"}
      And I request GET the generated URL
      Then the parameter "value" is the string "x"

  @rule:url.encoded-slash
  Rule: a "/" in a segment value stays one segment value (reference)

    @id:url-round-trip-slash @capability:named-routes @capability:url-generation
    Scenario: a value containing "/" still reaches the one-segment route
      When I generate the URL for "text" with {"value": "a/b"}
      And I request GET the generated URL
      Then the status is 200
      And the parameter "value" is the string "a/b"

  @rule:url.missing-parameter
  Rule: a missing segment value never leaves its placeholder in a URL

    # catches: /users/{id} or /users/{id:[0-9]+} returned when id is missing
    @id:url-missing-empty-map @capability:named-routes @capability:url-generation
    Scenario: an empty map for a route with a segment
      When I generate the URL for "users.show" with {}
      Then URL generation fails or gives a URL without a placeholder

    @id:url-missing-other-entries @capability:named-routes @capability:url-generation
    Scenario: entries that fill no segment do not replace the missing one
      When I generate the URL for "comments.show" with {"post": 1, "sort": "asc"}
      Then URL generation fails or gives a URL without a placeholder

  @rule:url.missing-parameter-fails
  Rule: a missing segment value makes generation fail (reference)

    @id:url-missing-fails @capability:named-routes @capability:url-generation
    Scenario: an empty map for a route with a segment fails
      When I generate the URL for "users.show" with {}
      Then URL generation fails

  @rule:url.missing-parameter-message
  Rule: the message for a missing segment (reference)

    @id:url-missing-message @capability:named-routes @capability:url-generation
    Scenario: "Missing required parameter [id] for route [users.show]."
      When I generate the URL for "users.show" with {}
      Then URL generation fails with the message "Missing required parameter [id] for route [users.show]."

  @rule:url.encoding
  Rule: encodeURIComponent for segments and the query, map order kept (reference)

    @capability:named-routes @capability:url-generation
    Scenario Outline: <params> gives <url>
      When I generate the URL for "<name>" with <params>
      Then the URL is "<url>"

      @id:url-encoding-space-segment
      Examples:
        | name | params                   | url               |
        | text | {"value": "hello world"} | /t/hello%20world  |

      @id:url-encoding-slash-segment
      Examples:
        | name | params           | url       |
        | text | {"value": "a/b"} | /t/a%2Fb  |

      @id:url-encoding-unicode-segment
      Examples:
        | name | params            | url           |
        | text | {"value": "café"} | /t/caf%C3%A9  |

      @id:url-encoding-query-delimiters
      Examples:
        | name  | params               | url                 |
        | about | {"q": "a&b=c"}       | /about?q=a%26b%3Dc  |

      @id:url-encoding-query-space
      Examples:
        | name  | params            | url                  |
        | about | {"q": "two words"} | /about?q=two%20words |

      @id:url-encoding-query-order
      Examples:
        | name  | params                 | url              |
        | about | {"z": "1", "a": "2"}   | /about?z=1&a=2   |

  @rule:url.scalars
  Rule: booleans, null and empty strings (reference)

    @capability:named-routes @capability:url-generation
    Scenario Outline: <params> for users.show gives <url>
      When I generate the URL for "users.show" with <params>
      Then the URL is "<url>"

      @id:url-scalars-true-query
      Examples:
        | params                     | url              |
        | {"id": 7, "flag": true}    | /users/7?flag=1  |

      @id:url-scalars-false-query
      Examples:
        | params                     | url              |
        | {"id": 7, "flag": false}   | /users/7?flag=0  |

      @id:url-scalars-null-query-omitted
      Examples:
        | params                     | url        |
        | {"id": 7, "skip": null}    | /users/7   |

      @id:url-scalars-empty-query-value
      Examples:
        | params                | url         |
        | {"id": 7, "q": ""}    | /users/7?q= |

      @id:url-scalars-true-segment
      Examples:
        | params         | url       |
        | {"id": true}   | /users/1  |

      @id:url-scalars-float-segment
      Examples:
        | params         | url         |
        | {"id": 1.5}    | /users/1.5  |

    @capability:named-routes @capability:url-generation
    Scenario Outline: <params> for users.show fails
      When I generate the URL for "users.show" with <params>
      Then URL generation fails with a message containing "[id]"

      @id:url-scalars-null-segment
      Examples:
        | params         |
        | {"id": null}   |

      @id:url-scalars-empty-segment
      Examples:
        | params       |
        | {"id": ""}   |

  @rule:url.non-scalar
  Rule: a list or a map is not a parameter value (reference)

    @capability:named-routes @capability:url-generation
    Scenario Outline: <params> for users.show fails, naming [<key>]
      When I generate the URL for "users.show" with <params>
      Then URL generation fails with the message "Parameter [<key>] for route [users.show] must be a string, number or boolean."

      @id:url-non-scalar-list-query
      Examples:
        | params                          | key  |
        | {"id": 7, "tags": ["a", "b"]}   | tags |

      @id:url-non-scalar-map-query
      Examples:
        | params                          | key    |
        | {"id": 7, "filter": {"a": 1}}   | filter |

      @id:url-non-scalar-list-segment
      Examples:
        | params          | key |
        | {"id": [7]}     | id  |

  @rule:url.constraint-check
  Rule: a segment value must satisfy its constraint (reference)

    @id:url-constraint-violated @capability:named-routes @capability:url-generation
    Scenario: "abc" for {value:[0-9]+} fails, naming the parameter
      When I generate the URL for "numbered" with {"value": "abc"}
      Then URL generation fails with a message containing "[value]"
