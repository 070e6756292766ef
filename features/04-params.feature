Feature: Route parameters
  A parameter is a segment name in curly braces, {name}; a regex constraint follows a colon inside
  the braces, {name:<regex>}. There is no special optional-parameter syntax: optional segments are
  separate routes, or a default value in the controller method when the constraint allows an
  empty match.

  @rule:params.segment
  Rule: {name} captures the text of its segment

    @id:params-segment-value
    Scenario: the segment's text is the parameter's value
      Given the routes:
        """
        $router->get('/users/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/users/abc"
      Then the status is 200
      And the parameter "value" is the string "abc"

    # catches: values that include the neighbouring slash or static text
    @id:params-segment-between-static
    Scenario: a parameter between static segments gets its segment only
      Given the routes:
        """
        $router->get('/users/{value}/profile', [EchoController::class, 'string']);
        """
      When I request GET "/users/ab-c_d.e~f/profile"
      Then the status is 200
      And the parameter "value" is the string "ab-c_d.e~f"

    # catches: PHP's urldecode() (instead of rawurldecode), which turns "+" into a space
    @id:params-segment-plus-is-literal
    Scenario: a "+" in a path segment is a plus, not a space
      Given the routes:
        """
        $router->get('/t/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/t/a+b"
      Then the status is 200
      And the parameter "value" is the string "a+b"

    @id:params-segment-sub-delims
    Scenario: every sub-delimiter allowed in a path segment is part of the value
      Given the routes:
        """
        $router->get('/t/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/t/a:b@c!$&()*,;="
      Then the status is 200
      And the parameter "value" is the string "a:b@c!$&()*,;="

  @rule:params.default-constraint
  Rule: {name} matches exactly one path segment

    @id:params-default-one-segment
    Scenario: {value} matches a segment made of any characters but "/"
      Given the routes:
        """
        $router->get('/files/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/files/report.final.v2"
      Then the status is 200
      And the parameter "value" is the string "report.final.v2"

    # catches: a default constraint such as .+ or .* that crosses "/"
    Scenario Outline: {value} does not reach across a slash (<path>)
      Given the routes:
        """
        $router->get('/users/{value}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is 404
      And the trace is empty

      @id:params-default-not-two-segments
      Examples:
        | path         |
        | /users/7/edit |

      @id:params-default-not-three-segments
      Examples:
        | path           |
        | /users/a/b/c   |

    @id:params-default-inner-segment-not-greedy
    Scenario: a parameter in the middle does not swallow the following segments
      Given the routes:
        """
        $router->get('/a/{first}/{second}', [EchoController::class, 'pair']);
        """
      When I request GET "/a/x/y/z"
      Then the status is 404
      When I request GET "/a/x/y"
      Then the action "EchoController@pair" received:
        | name   | type   | value |
        | second | string | "y"   |
        | first  | string | "x"   |

  @rule:params.default-nonempty
  Rule: {name} does not match an empty segment

    # catches: a [^/]* default constraint
    @id:params-default-empty-last-segment
    Scenario: /users/ does not reach /users/{value}
      Given the routes:
        """
        $router->get('/users/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/users/"
      Then the status is 404, or a redirect to "/users"
      And the trace is empty

    @id:params-default-empty-inner-segment
    Scenario: /users//edit does not reach /users/{value}/edit
      Given the routes:
        """
        $router->get('/users/{value}/edit', [EchoController::class, 'string']);
        """
      When I request GET "/users//edit"
      Then the status is 404
      And the trace is empty

  @rule:params.constraint-regex
  Rule: {name:regex} matches a segment exactly when the segment is in the regex's language

    # catches: constraints ignored, or tested unanchored inside the segment
    Scenario Outline: {value:<constraint>} and the segment "<segment>" answer <status>
      Given the routes:
        """
        $router->get('/c/{value:<constraint>}', [EchoController::class, 'string']);
        """
      When I request GET "/c/<segment>"
      Then the status is <status>

      @id:params-constraint-digits-match
      Examples:
        | constraint | segment | status |
        | [0-9]+     | 123     | 200    |

      @id:params-constraint-digits-trailing-letter
      Examples:
        | constraint | segment | status |
        | [0-9]+     | 12a     | 404    |

      @id:params-constraint-digits-leading-letter
      Examples:
        | constraint | segment | status |
        | [0-9]+     | a12     | 404    |

      @id:params-constraint-slug-match
      Examples:
        | constraint     | segment        | status |
        | [a-zA-Z0-9-]+  | Hello-World-42 | 200    |

      @id:params-constraint-slug-underscore
      Examples:
        | constraint     | segment     | status |
        | [a-zA-Z0-9-]+  | hello_world | 404    |

      @id:params-constraint-slug-dot
      Examples:
        | constraint     | segment     | status |
        | [a-zA-Z0-9-]+  | hello.world | 404    |

      @id:params-constraint-escape-d-match
      Examples:
        | constraint | segment | status |
        | \d+        | 42      | 200    |

      @id:params-constraint-escape-d-mismatch
      Examples:
        | constraint | segment | status |
        | \d+        | 4x2     | 404    |

      @id:params-constraint-negated-class-match
      Examples:
        | constraint | segment | status |
        | [^-]+      | abc     | 200    |

      @id:params-constraint-negated-class-mismatch
      Examples:
        | constraint | segment | status |
        | [^-]+      | a-b     | 404    |

      @id:params-constraint-optional-quantifier
      Examples:
        | constraint | segment | status |
        | colou?r    | color   | 200    |

      @id:params-constraint-class-escape-dash-match
      Examples:
        | constraint | segment | status |
        | [\d\-z]+   | 9-z     | 200    |

      @id:params-constraint-class-escape-dash-mismatch
      Examples:
        | constraint | segment | status |
        | [\d\-z]+   | 9-a     | 404    |

      @id:params-constraint-colon-in-class
      Examples:
        | constraint | segment | status |
        | [a-z:]+    | ns:tag  | 200    |

      @id:params-constraint-escaped-colon
      Examples:
        | constraint | segment | status |
        | [a-z\:]+   | ns:tag  | 200    |

      # catches: a router that puts the pattern between delimiters (FastRoute's ~...~) without escaping
      # them, so a constraint holding the delimiter breaks the application
      @id:params-constraint-tilde-in-class
      Examples:
        | constraint | segment | status |
        | [a-z~]+    | a~b     | 200    |

    @id:params-constraint-value-is-segment
    Scenario: the value of a constrained parameter is the matched segment
      Given the routes:
        """
        $router->get('/s/{value:[a-zA-Z0-9-]+}', [EchoController::class, 'string']);
        """
      When I request GET "/s/Hello-World-42"
      Then the parameter "value" is the string "Hello-World-42"

  @rule:params.constraint-braces
  Rule: a constraint may contain the braces of a regex quantifier

    # catches: a parser that ends the parameter at the first "}"
    Scenario Outline: {year:[0-9]{4}} and "<path>" answer <status>
      Given the routes:
        """
        $router->get('/archive/{value:[0-9]{4}}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is <status>

      @id:params-braces-four-digits
      Examples:
        | path          | status |
        | /archive/2024 | 200    |

      @id:params-braces-three-digits
      Examples:
        | path         | status |
        | /archive/202 | 404    |

      @id:params-braces-five-digits
      Examples:
        | path           | status |
        | /archive/20245 | 404    |

    @id:params-braces-value
    Scenario: the value of {value:[0-9]{4}} is the four digits
      Given the routes:
        """
        $router->get('/archive/{value:[0-9]{4}}/posts', [EchoController::class, 'string']);
        """
      When I request GET "/archive/2024/posts"
      Then the status is 200
      And the parameter "value" is the string "2024"

    @id:params-braces-range-quantifier
    Scenario: a {m,n} quantifier bounds the segment length
      Given the routes:
        """
        $router->get('/code/{value:[A-Z]{2,3}}', [EchoController::class, 'string']);
        """
      When I request GET "/code/ABC"
      Then the parameter "value" is the string "ABC"
      When I request GET "/code/ABCD"
      Then the status is 404
      When I request GET "/code/A"
      Then the status is 404

  @rule:params.constraint-alternation
  Rule: an alternation stays inside its parameter

    # catches: ^/v/a|b$ (unparenthesised), which accepts /v/ax, /v/ab and anything ending in "b"
    Scenario Outline: {value:a|b} and "<path>" answer <status>
      Given the routes:
        """
        $router->get('/v/{value:a|b}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is <status>

      @id:params-alternation-first-branch
      Examples:
        | path | status |
        | /v/a | 200    |

      @id:params-alternation-second-branch
      Examples:
        | path | status |
        | /v/b | 200    |

      @id:params-alternation-first-branch-prefix
      Examples:
        | path  | status |
        | /v/ax | 404    |

      @id:params-alternation-both-branches
      Examples:
        | path  | status |
        | /v/ab | 404    |

      @id:params-alternation-second-branch-suffix
      Examples:
        | path | status |
        | /zzb | 404    |

      @id:params-alternation-other-prefix
      Examples:
        | path  | status |
        | /v/xb | 404    |

    # catches: ^/v/a|b/end$, where the first branch needs no "/end"
    @id:params-alternation-static-after
    Scenario: the static text after an alternation applies to both branches
      Given the routes:
        """
        $router->get('/v/{value:a|b}/end', [EchoController::class, 'string']);
        """
      When I request GET "/v/a/end"
      Then the parameter "value" is the string "a"
      When I request GET "/v/b/end"
      Then the parameter "value" is the string "b"
      When I request GET "/v/a/zzz"
      Then the status is 404
      When I request GET "/v/a"
      Then the status is 404

    @id:params-alternation-non-capturing
    Scenario: a non-capturing alternation (?:en|fr) matches one branch exactly
      Given the routes:
        """
        $router->get('/{lang:(?:en|fr)}/{slug}', fn(...$args) => $args);
        """
      When I request GET "/fr/bonjour"
      Then the closure received the strings "fr", "bonjour"
      When I request GET "/de/hallo"
      Then the status is 404
      When I request GET "/english/hello"
      Then the status is 404

    @id:params-alternation-first-segment
    Scenario: a bare alternation as the first segment is anchored on both sides
      Given the routes:
        """
        $router->get('/{lang:en|fr}/{slug}', fn(...$args) => $args);
        """
      When I request GET "/en/hello"
      Then the closure received the strings "en", "hello"
      When I request GET "/xen/hello"
      Then the status is 404
      When I request GET "/fr/hello/extra"
      Then the status is 404

  @rule:params.constraint-spans-slash
  Rule: a constraint that matches "/" lets its parameter span segments (reference)

    # catches: constraints applied per segment, so .+ never matches a/b/c
    @id:params-spans-slash-tail
    Scenario: {path:.+} at the end takes the rest of the path
      Given the routes:
        """
        $router->get('/files/{path:.+}', fn(...$args) => $args);
        """
      When I request GET "/files/a/b/c.txt"
      Then the status is 200
      And the closure received the strings "a/b/c.txt"
      When I request GET "/files/"
      Then the status is 404

    @id:params-spans-slash-middle
    Scenario: {path:.+} followed by static text stops before it
      Given the routes:
        """
        $router->get('/files/{path:.+}/raw', fn(...$args) => $args);
        """
      When I request GET "/files/a/b/raw"
      Then the closure received the strings "a/b"

    # catches: a matcher that decides from the constraint's text whether it can match "/" and misses
    # a "/" inside a character class (by range, by escape or negated), so the value never spans segments
    Scenario Outline: {path:<constraint>} takes "a/b" as one value
      Given the routes:
        """
        $router->get('/cls/{path:<constraint>}', fn(...$args) => $args);
        """
      When I request GET "/cls/a/b"
      Then the status is 200
      And the closure received the strings "a/b"

      # the range stops before "~" so that a router that cannot take "~" in a pattern fails
      # params.constraint-regex only, not this rule as well
      @id:params-spans-slash-class-range
      Examples:
        | constraint |
        | [!-z]+     |

      @id:params-spans-slash-class-negated-digit
      Examples:
        | constraint |
        | [\D]+      |

      @id:params-spans-slash-class-escaped-slash
      Examples:
        | constraint |
        | [\w\/]+    |

      @id:params-spans-slash-class-hex-escape
      Examples:
        | constraint |
        | [\x2F\w]+  |

      @id:params-spans-slash-class-negated
      Examples:
        | constraint |
        | [^.]+      |

  @rule:params.lookaround
  Rule: a look-around in a constraint sees the URI around its parameter

    # catches: constraints tested against their segment alone, where (?=/end) can never match
    @id:params-lookaround-ahead-into-next-segment
    Scenario: {name:[a-z]+(?=/end)} matches only when "/end" follows
      Given the routes:
        """
        $router->get('/la/{name:[a-z]+(?=/end)}/{rest}', fn(...$args) => $args);
        """
      When I request GET "/la/abc/end"
      Then the status is 200
      And the closure received the strings "abc", "end"
      When I request GET "/la/abc/other"
      Then the status is 404

    # catches: constraints tested against their segment alone, where a look-behind sees nothing before it
    @id:params-lookaround-behind-static-text
    Scenario: {name:(?<!lb/)[a-z]+} is rejected after "lb/" and accepted elsewhere
      Given the routes:
        """
        $router->get('/lb/{name:(?<!lb/)[a-z]+}', fn(...$args) => $args);
        $router->get('/ok/{name:(?<!lb/)[a-z]+}', fn(...$args) => $args);
        """
      When I request GET "/lb/abc"
      Then the status is 404
      When I request GET "/ok/abc"
      Then the status is 200
      And the closure received the strings "abc"

    @id:params-lookaround-behind-positive
    Scenario: {name:(?<=lb/)[a-z]+} is accepted after "lb/"
      Given the routes:
        """
        $router->get('/lb/{name:(?<=lb/)[a-z]+}', fn(...$args) => $args);
        """
      When I request GET "/lb/abc"
      Then the status is 200
      And the closure received the strings "abc"

  @rule:params.anchored
  Rule: the compiled pattern matches the whole request path

    # catches: an unanchored regex (prefix, suffix or infix match), or PCRE's "$" before a final newline
    Scenario Outline: "<path>" does not match /users/{value:[0-9]+}
      Given the routes:
        """
        $router->get('/users/{value:[0-9]+}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is 404
      And the trace is empty

      @id:params-anchored-trailing-newline
      Examples:
        | path          |
        | /users/7%0A   |

      @id:params-anchored-longer-path
      Examples:
        | path           |
        | /users/7/extra |

      @id:params-anchored-prefixed-path
      Examples:
        | path         |
        | /x/users/7   |

      @id:params-anchored-trailing-letters
      Examples:
        | path       |
        | /users/7x  |

      @id:params-anchored-encoded-newline-inside
      Examples:
        | path           |
        | /users/7%0A8   |

    Scenario Outline: "<path>" does not match the static route /about
      Given the routes:
        """
        $router->get('/about', fn() => 'about');
        """
      When I request GET "<path>"
      Then the status is 404
      And the trace is empty

      @id:params-anchored-static-newline
      Examples:
        | path        |
        | /about%0A   |

      @id:params-anchored-static-suffix
      Examples:
        | path       |
        | /aboutus   |

      @id:params-anchored-static-prefix
      Examples:
        | path      |
        | /x/about  |

      @id:params-anchored-static-longer
      Examples:
        | path         |
        | /about/team  |

    @id:params-anchored-exact-still-matches
    Scenario: the exact path still matches
      Given the routes:
        """
        $router->get('/users/{value:[0-9]+}', [EchoController::class, 'string']);
        """
      When I request GET "/users/7"
      Then the status is 200
      And the parameter "value" is the string "7"

  @rule:params.literal-static
  Rule: static text is literal, regex metacharacters included

    # catches: static text spliced into the regex unescaped
    Scenario Outline: the static route <uri> and the path "<path>" answer <status>
      Given the routes:
        """
        $router->get('<uri>', fn() => 'static');
        """
      When I request GET "<path>"
      Then the status is <status>

      @id:params-literal-dot-itself
      Examples:
        | uri  | path | status |
        | /a.b | /a.b | 200    |

      @id:params-literal-dot-not-any
      Examples:
        | uri  | path | status |
        | /a.b | /axb | 404    |

      @id:params-literal-plus-itself
      Examples:
        | uri         | path        | status |
        | /files/v1+2 | /files/v1+2 | 200    |

      @id:params-literal-plus-not-repeat
      Examples:
        | uri         | path         | status |
        | /files/v1+2 | /files/v112  | 404    |

      @id:params-literal-parens-itself
      Examples:
        | uri  | path | status |
        | /(x) | /(x) | 200    |

      @id:params-literal-parens-not-group
      Examples:
        | uri  | path | status |
        | /(x) | /x   | 404    |

      @id:params-literal-dollar-itself
      Examples:
        | uri     | path    | status |
        | /price$ | /price$ | 200    |

      @id:params-literal-dollar-not-anchor
      Examples:
        | uri     | path   | status |
        | /price$ | /price | 404    |

      @id:params-literal-star-itself
      Examples:
        | uri  | path | status |
        | /a*b | /a*b | 200    |

      @id:params-literal-star-not-repeat
      Examples:
        | uri  | path  | status |
        | /a*b | /aaab | 404    |

    @id:params-literal-static-before-param
    Scenario: metacharacters before a parameter are literal too
      Given the routes:
        """
        $router->get('/v1.0/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/v1.0/x"
      Then the parameter "value" is the string "x"
      When I request GET "/v1x0/x"
      Then the status is 404

  @rule:params.case-sensitive
  Rule: static text is compared case-sensitively

    # catches: case-insensitive matching
    @id:params-case-sensitive-param-route
    Scenario: /USERS/7 does not reach /users/{value}
      Given the routes:
        """
        $router->get('/users/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/USERS/7"
      Then the status is 404
      When I request GET "/Users/7"
      Then the status is 404

    @id:params-case-sensitive-static-route
    Scenario: /About and /about are different paths
      Given the routes:
        """
        $router->get('/About', fn() => 'About');
        """
      When I request GET "/About"
      Then the body is "About"
      When I request GET "/about"
      Then the status is 404

    @id:params-case-preserved-in-value
    Scenario: the case of a parameter's value is kept
      Given the routes:
        """
        $router->get('/users/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/users/MiXeD"
      Then the parameter "value" is the string "MiXeD"

  @rule:params.multiple
  Rule: every parameter gets its own segment's value

    # catches: only the first or last parameter extracted
    @id:params-multiple-two
    Scenario: two parameters get their two values
      Given the routes:
        """
        $router->get('/posts/{post}/comments/{comment}', fn(...$args) => $args);
        """
      When I request GET "/posts/12/comments/34"
      Then the closure received the strings "12", "34"

    @id:params-multiple-adjacent
    Scenario: adjacent parameters get adjacent segments
      Given the routes:
        """
        $router->get('/{a}/{b}/{c}', fn(...$args) => $args);
        """
      When I request GET "/x/y/z"
      Then the closure received the strings "x", "y", "z"

  @rule:params.within-segment
  Rule: a parameter may share its segment with static text

    # catches: parameters recognised only when they span a whole segment
    @id:params-within-segment-prefix
    Scenario: /v{version:[0-9]+}/status
      Given the routes:
        """
        $router->get('/v{version:[0-9]+}/status', fn(...$args) => $args);
        """
      When I request GET "/v2/status"
      Then the status is 200
      And the closure received the strings "2"
      When I request GET "/vx/status"
      Then the status is 404

    @id:params-within-segment-suffix
    Scenario: /report-{year}.csv
      Given the routes:
        """
        $router->get('/report-{year}.csv', fn(...$args) => $args);
        """
      When I request GET "/report-2024.csv"
      Then the closure received the strings "2024"
      When I request GET "/report-2024.txt"
      Then the status is 404

    @id:params-within-segment-two-params
    Scenario: two constrained parameters in one segment
      Given the routes:
        """
        $router->get('/d/{y:[0-9]{4}}-{m:[0-9]{2}}', fn(...$args) => $args);
        """
      When I request GET "/d/2024-05"
      Then the closure received the strings "2024", "05"
      When I request GET "/d/2024-5"
      Then the status is 404

  @rule:params.required
  Rule: a parameter is required

    # catches: trailing parameters that are implicitly optional
    @id:params-required-missing-segment
    Scenario: /posts/{page} alone does not serve /posts
      Given the routes:
        """
        $router->get('/posts/{page}', fn(...$args) => $args);
        """
      When I request GET "/posts"
      Then the status is 404
      And the trace is empty

  @rule:params.optional-separate-routes
  Rule: optional segments are separate routes

    # catches: a router where the longer route breaks or shadows the shorter one
    @id:params-optional-two-routes
    Scenario: /posts and /posts/{page} each reach their own handler
      Given the routes:
        """
        $router->get('/posts', fn() => 'all posts');
        $router->get('/posts/{page}', fn(...$args) => $args);
        """
      When I request GET "/posts"
      Then the status is 200
      And the body is "all posts"
      When I request GET "/posts/3"
      Then the closure received the strings "3"

    @id:params-optional-two-routes-reverse-order
    Scenario: registration order does not matter for the shorter route
      Given the routes:
        """
        $router->get('/posts/{page}', fn(...$args) => $args);
        $router->get('/posts', fn() => 'all posts');
        """
      When I request GET "/posts"
      Then the body is "all posts"
      When I request GET "/posts/3"
      Then the closure received the strings "3"

  @rule:params.empty-match-default
  Rule: an empty match leaves the parameter to its default value

    # catches: the empty string passed instead of the declared default
    # (The parameter shares its segment with static text: an empty last segment would hinge on how a
    # framework treats a trailing slash, which the spec does not show.)
    @id:params-empty-match-uses-default @needs:params.within-segment
    Scenario: {slug:[a-z]*} matching nothing gives EchoController@withDefault its default
      Given the routes:
        """
        $router->get('/tag-{slug:[a-z]*}', [EchoController::class, 'withDefault']);
        """
      When I request GET "/tag-"
      Then the status is 200
      And the parameter "slug" is the string "default"

    @id:params-empty-match-non-empty-value @needs:params.within-segment
    Scenario: the same route with a non-empty value passes the value
      Given the routes:
        """
        $router->get('/tag-{slug:[a-z]*}', [EchoController::class, 'withDefault']);
        """
      When I request GET "/tag-php"
      Then the parameter "slug" is the string "php"

  @rule:params.capture-groups
  Rule: capture groups inside a constraint are allowed (reference)

    @id:params-capture-group-then-param
    Scenario: a capture group does not shift the next parameter's value
      Given the routes:
        """
        $router->get('/c/{lang:(en|fr)}/{slug}', fn(...$args) => $args);
        """
      When I request GET "/c/en/hello"
      Then the closure received the strings "en", "hello"

    @id:params-capture-group-by-name
    Scenario: extraction by name skips the constraint's own groups
      Given the routes:
        """
        $router->get('/p/{first:(a|b)(c)?}/{second}', [EchoController::class, 'pair']);
        """
      When I request GET "/p/ac/z"
      Then the action "EchoController@pair" received:
        | name   | type   | value |
        | second | string | "z"   |
        | first  | string | "ac"  |

  @rule:params.named-groups
  Rule: a named group inside a constraint is a registration error (reference)

    @id:params-named-group-rejected
    Scenario: {id:(?<n>[0-9]+)} fails at boot
      Given the routes:
        """
        $router->get('/broken/{id:(?<n>[0-9]+)}', fn() => 'x');
        """
      Then the application fails to boot with a message containing "/broken"

  @rule:params.percent-decoding
  Rule: parameters are percent-decoded exactly once (reference)

    Scenario Outline: "<path>" gives the value <value>
      Given the routes:
        """
        $router->get('/t/{value}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is 200
      And the parameter "value" is the string <value>

      @id:params-decoding-space
      Examples:
        | path               | value         |
        | /t/hello%20world   | "hello world" |

      @id:params-decoding-once
      Examples:
        | path       | value |
        | /t/%252F   | "%2F" |

      @id:params-decoding-utf8
      Examples:
        | path          | value  |
        | /t/caf%C3%A9  | "café" |

      @id:params-decoding-unreserved
      Examples:
        | path       | value |
        | /t/%7Ex%41 | "~xA" |

      @id:params-decoding-percent-sign
      Examples:
        | path       | value  |
        | /t/100%25  | "100%" |

    @id:params-decoding-static-not-normalised
    Scenario: matching runs on the raw path: /%61bout is not /about
      Given the routes:
        """
        $router->get('/about', fn() => 'about');
        """
      When I request GET "/%61bout"
      Then the status is 404

    @id:params-decoding-constraint-on-raw-text
    Scenario: a constraint is tested on the raw segment: /n/%31 does not satisfy [0-9]+
      Given the routes:
        """
        $router->get('/n/{value:[0-9]+}', [EchoController::class, 'string']);
        """
      When I request GET "/n/%31"
      Then the status is 404

  @rule:params.encoded-slash
  Rule: "%2F" does not split segments (reference)

    @id:params-encoded-slash-in-value
    Scenario: /t/a%2Fb reaches /t/{value} with "a/b"
      Given the routes:
        """
        $router->get('/t/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/t/a%2Fb"
      Then the status is 200
      And the parameter "value" is the string "a/b"

    @id:params-encoded-slash-not-separator
    Scenario: /t/a%2Fb/end does not reach /t/{a}/{b}/end
      Given the routes:
        """
        $router->get('/t/{a}/{b}/end', fn(...$args) => $args);
        $router->get('/t/{value}/end', fn(...$args) => $args);
        """
      When I request GET "/t/a%2Fb/end"
      Then the closure received the strings "a/b"

  @rule:params.malformed-encoding
  Rule: malformed percent-encoding answers 400 (reference)

    Scenario Outline: "<path>" answers 400
      Given the routes:
        """
        $router->get('/t/{value}', [EchoController::class, 'string']);
        """
      When I request GET "<path>"
      Then the status is 400
      And the JSON body is {"message":"Bad Request"}
      And the trace is empty

      @id:params-malformed-not-hex
      Examples:
        | path    |
        | /t/%ZZ  |

      @id:params-malformed-truncated-escape
      Examples:
        | path    |
        | /t/ab%2 |

      @id:params-malformed-invalid-utf8
      Examples:
        | path         |
        | /t/%C3%28    |

  @rule:params.static-encoding
  Rule: static text is matched in its percent-encoded form (reference)

    @id:params-static-non-ascii
    Scenario: the static route /café is reached by /caf%C3%A9
      Given the routes:
        """
        $router->get('/café', fn() => 'café');
        """
      When I request GET "/caf%C3%A9"
      Then the status is 200
      And the body is "café"

    @id:params-static-space
    Scenario: the static route /hello world is reached by /hello%20world
      Given the routes:
        """
        $router->get('/hello world', fn() => 'spaced');
        """
      When I request GET "/hello%20world"
      Then the status is 200
      And the body is "spaced"

    @id:params-static-hex-case
    Scenario: the encoded form is compared exactly: lower-case hex digits do not match
      Given the routes:
        """
        $router->get('/café', fn() => 'café');
        """
      When I request GET "/caf%c3%a9"
      Then the status is 404
