Feature: Route registration operations on the router
  get, post, put, patch and delete register a route for their HTTP method and return a Route that
  supports middleware(...) and name(...). A handler is a closure, which runs directly and receives
  the route parameters by position, or [ControllerClass::class, 'methodName'].

  Rule: each verb registers a route for its HTTP method

    # catches: a verb method that registers under another method (patch as PUT) or every method
    Scenario Outline: $router-><verb>() registers a route matched by <METHOD> requests
      Given the routes:
        """
        $router-><verb>('/thing', fn() => '<verb> thing');
        """
      When I request <METHOD> "/thing"
      Then the status is 200
      And the body is "<verb> thing"
      And the trace is "closure:text"

      @id:registration-verb-get @rule:registration.get
      Examples:
        | verb | METHOD |
        | get  | GET    |

      @id:registration-verb-post @rule:registration.post
      Examples:
        | verb | METHOD |
        | post | POST   |

      @id:registration-verb-put @rule:registration.put
      Examples:
        | verb | METHOD |
        | put  | PUT    |

      @id:registration-verb-patch @rule:registration.patch
      Examples:
        | verb  | METHOD |
        | patch | PATCH  |

      @id:registration-verb-delete @rule:registration.delete
      Examples:
        | verb   | METHOD |
        | delete | DELETE |

    # catches: verb methods that share one slot per URI, so the last registration wins
    @id:registration-five-verbs-one-uri @rule:registration.method-only
    Scenario: the five verbs on one URI register five distinct routes
      Given the routes:
        """
        $router->get('/multi', fn() => 'get');
        $router->post('/multi', fn() => 'post');
        $router->put('/multi', fn() => 'put');
        $router->patch('/multi', fn() => 'patch');
        $router->delete('/multi', fn() => 'delete');
        """
      When I request GET "/multi"
      Then the body is "get"
      When I request POST "/multi"
      Then the body is "post"
      When I request PUT "/multi"
      Then the body is "put"
      When I request PATCH "/multi"
      Then the body is "patch"
      When I request DELETE "/multi"
      Then the body is "delete"

    # catches: a registry keyed by URI only, which refuses (or overwrites) a second method
    @id:registration-same-uri-other-method-is-fine @rule:registration.post
    Scenario: the same URI under two methods is not a duplicate
      Given the routes:
        """
        $router->get('/dup', fn() => 'one');
        $router->post('/dup', fn() => 'two');
        """
      Then the application boots
      When I request GET "/dup"
      Then the body is "one"
      When I request POST "/dup"
      Then the body is "two"

  @rule:registration.method-only
  Rule: a route matches only the method it was registered for

    # catches: routes that match any method
    Scenario Outline: a route registered with <verb>() does not take a <OTHER> request
      Given the routes:
        """
        $router-><verb>('/only', fn() => 'only');
        """
      When I request <OTHER> "/only"
      Then the status is 405
      And the Allow header lists exactly "<METHOD>"
      And the trace is empty

      @id:registration-get-not-post
      Examples:
        | verb | METHOD | OTHER |
        | get  | GET    | POST  |

      @id:registration-post-not-get
      Examples:
        | verb | METHOD | OTHER |
        | post | POST   | GET   |

      @id:registration-put-not-patch
      Examples:
        | verb | METHOD | OTHER |
        | put  | PUT    | PATCH |

      @id:registration-patch-not-put
      Examples:
        | verb  | METHOD | OTHER |
        | patch | PATCH  | PUT   |

      @id:registration-delete-not-get
      Examples:
        | verb   | METHOD | OTHER |
        | delete | DELETE | GET   |

  Rule: the Route returned by every verb chains middleware() and name()

    # catches: middleware() that returns something other than the Route, so name() is lost
    @capability:route-middleware @capability:named-routes @capability:url-generation
    Scenario Outline: <verb>(...)->middleware('TraceA')->name(...) applies both
      Given the routes:
        """
        $router-><verb>('/chain', [EchoController::class, 'none'])->middleware('TraceA')->name('chain.<verb>');
        """
      When I request <METHOD> "/chain"
      Then the status is 200
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"
      When I generate the URL for "chain.<verb>"
      Then the URL is "/chain"

      @id:registration-chain-mw-name-get @rule:registration.chain-middleware-then-name
      Examples:
        | verb | METHOD |
        | get  | GET    |

      @id:registration-chain-mw-name-post @rule:registration.chain-middleware-then-name
      Examples:
        | verb | METHOD |
        | post | POST   |

      @id:registration-chain-mw-name-put @rule:registration.chain-middleware-then-name
      Examples:
        | verb | METHOD |
        | put  | PUT    |

      @id:registration-chain-mw-name-patch @rule:registration.chain-middleware-then-name
      Examples:
        | verb  | METHOD |
        | patch | PATCH  |

      @id:registration-chain-mw-name-delete @rule:registration.chain-middleware-then-name
      Examples:
        | verb   | METHOD |
        | delete | DELETE |

    # catches: name() that returns something other than the Route, so middleware() is lost
    @capability:route-middleware @capability:named-routes @capability:url-generation
    Scenario Outline: <verb>(...)->name(...)->middleware('TraceA') applies both
      Given the routes:
        """
        $router-><verb>('/chain', [EchoController::class, 'none'])->name('chain.<verb>')->middleware('TraceA');
        """
      When I request <METHOD> "/chain"
      Then the status is 200
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"
      When I generate the URL for "chain.<verb>"
      Then the URL is "/chain"

      @id:registration-chain-name-mw-get @rule:registration.chain-name-then-middleware
      Examples:
        | verb | METHOD |
        | get  | GET    |

      @id:registration-chain-name-mw-post @rule:registration.chain-name-then-middleware
      Examples:
        | verb | METHOD |
        | post | POST   |

      @id:registration-chain-name-mw-put @rule:registration.chain-name-then-middleware
      Examples:
        | verb | METHOD |
        | put  | PUT    |

      @id:registration-chain-name-mw-patch @rule:registration.chain-name-then-middleware
      Examples:
        | verb  | METHOD |
        | patch | PATCH  |

      @id:registration-chain-name-mw-delete @rule:registration.chain-name-then-middleware
      Examples:
        | verb   | METHOD |
        | delete | DELETE |

    # catches: chained calls applied to the last registered route instead of the one they follow
    @id:registration-chain-applies-to-its-route
    @rule:registration.chain-middleware-then-name @capability:route-middleware @capability:named-routes @capability:url-generation
    Scenario: chained calls apply to the route they follow, not to the route registered next or before
      Given the routes:
        """
        $router->get('/first', [EchoController::class, 'none'])->middleware('TraceA')->name('first');
        $router->get('/second', fn() => 'second')->name('second')->middleware('TraceB');
        """
      When I request GET "/first"
      Then the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"
      When I request GET "/second"
      Then the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"
      When I generate the URL for "second"
      Then the URL is "/second"
      When I generate the URL for "first"
      Then the URL is "/first"

  Rule: Route::middleware() takes a class-name string or an array of them

    @id:registration-middleware-string @rule:registration.middleware-string @capability:route-middleware
    Scenario: middleware('TraceA') attaches one middleware
      Given the routes:
        """
        $router->get('/one', [EchoController::class, 'none'])->middleware('TraceA');
        """
      When I request GET "/one"
      Then the status is 200
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"

    # catches: an array argument of which only the first (or last) entry is kept
    @id:registration-middleware-array @rule:registration.middleware-array @capability:route-middleware
    Scenario: middleware(['TraceA', 'TraceB']) attaches both, in the listed order
      Given the routes:
        """
        $router->get('/two', [EchoController::class, 'none'])->middleware(['TraceA', 'TraceB']);
        """
      When I request GET "/two"
      Then the status is 200
      And the trace is "mw:TraceA:before, mw:TraceB:before, action:EchoController@none, mw:TraceB:after, mw:TraceA:after"

    @id:registration-middleware-class-constant @rule:registration.middleware-array @capability:route-middleware
    Scenario: middleware([TraceA::class, TraceC::class]) names classes like strings
      Given the routes:
        """
        $router->get('/two', fn() => 'two')->middleware([TraceA::class, TraceC::class]);
        """
      When I request GET "/two"
      Then the body is "two"
      And the trace is "mw:TraceA:before, mw:TraceC:before, closure:text, mw:TraceC:after, mw:TraceA:after"

    @id:registration-middleware-repeated @rule:registration.middleware-repeated @capability:route-middleware
    Scenario: repeated middleware() calls accumulate in call order
      Given the routes:
        """
        $router->get('/many', [EchoController::class, 'none'])->middleware('TraceA')->middleware(['TraceB', 'TraceC']);
        """
      When I request GET "/many"
      Then the status is 200
      And the trace is "mw:TraceA:before, mw:TraceB:before, mw:TraceC:before, action:EchoController@none, mw:TraceC:after, mw:TraceB:after, mw:TraceA:after"

    @id:registration-middleware-repeated-around-name @rule:registration.middleware-repeated @capability:route-middleware @capability:named-routes @capability:url-generation
    Scenario: middleware() before and after name() accumulate
      Given the routes:
        """
        $router->get('/many', [EchoController::class, 'none'])->middleware('TraceA')->name('many')->middleware('TraceB');
        """
      When I request GET "/many"
      Then the trace is "mw:TraceA:before, mw:TraceB:before, action:EchoController@none, mw:TraceB:after, mw:TraceA:after"
      When I generate the URL for "many"
      Then the URL is "/many"

  @rule:registration.closure-direct
  Rule: a closure handler runs directly and its return value is the response

    @id:registration-closure-text
    Scenario: a closure returning a string answers with it
      Given the routes:
        """
        $router->get('/hello', fn() => 'Hello, closure');
        """
      When I request GET "/hello"
      Then the status is 200
      And the body is "Hello, closure"
      And the trace is "closure:text"

    @id:registration-closure-json
    Scenario: a closure returning an array answers with its JSON
      Given the routes:
        """
        $router->get('/data', fn() => ['kind' => 'closure', 'n' => [1, 2]]);
        """
      When I request GET "/data"
      Then the status is 200
      And the JSON body is {"kind":"closure","n":[1,2]}
      And the content type is "application/json"
      And the trace is "closure:json"

  @rule:registration.closure-positional
  Rule: closures receive route parameters sequentially, by position

    # catches: closures that receive parameters by name, sorted, or only the first
    @id:registration-closure-two-params
    Scenario: a closure receives the parameters in URI order
      Given the routes:
        """
        $router->get('/archive/{year}/{month}', fn(...$args) => $args);
        """
      When I request GET "/archive/2024/05"
      Then the status is 200
      And the closure received the strings "2024", "05"
      And the framework hands closures the route parameters as arguments

    # catches: parameters passed in alphabetical order of their names
    @id:registration-closure-names-irrelevant
    Scenario: the names of the parameters do not change their order
      Given the routes:
        """
        $router->get('/z/{zeta}/{alpha}/{mid}', fn(...$args) => $args);
        """
      When I request GET "/z/first/second/third"
      Then the closure received the strings "first", "second", "third"

    # catches: a dispatcher that binds closure parameters by name (a container call), so a closure
    # whose parameters are named unlike the URI's gets nothing, or an error
    @id:registration-closure-named-params
    Scenario: a closure whose parameter names differ from the URI's receives the values by position
      Given the routes:
        """
        $router->get('/pos/{first}/{second}', fn($alpha, $beta) => [$alpha, $beta]);
        """
      When I request GET "/pos/one/two"
      Then the status is 200
      And the closure received the strings "one", "two"
      And the trace is "closure:named"

    # catches: argument lists filtered for "empty" values (PHP array_filter drops "0")
    @id:registration-closure-zero-values
    Scenario: "0" values are passed like any other
      Given the routes:
        """
        $router->get('/n/{a}/{b}', fn(...$args) => $args);
        """
      When I request GET "/n/0/0"
      Then the closure received the strings "0", "0"

    @id:registration-closure-no-params
    Scenario: a closure of a route without parameters receives no arguments
      Given the routes:
        """
        $router->get('/none', fn(...$args) => $args);
        """
      When I request GET "/none"
      Then the status is 200
      And the closure received no arguments
      And the trace is "closure:args"

  @rule:registration.closure-strings
  Rule: closures receive the URI values as strings, without injection

    # catches: digit-only segments cast to int for closures
    @id:registration-closure-digits-stay-strings
    Scenario: a digit-only segment reaches a closure as a string
      Given the routes:
        """
        $router->get('/n/{n:[0-9]+}/{m}', fn(...$args) => $args);
        """
      When I request GET "/n/42/007"
      Then the closure received:
        | type   | value |
        | string | "42"  |
        | string | "007" |

    # catches: a Request (or other injected object) prepended to the closure's arguments
    @id:registration-closure-nothing-injected
    Scenario: a closure receives only the route parameters
      Given the routes:
        """
        $router->post('/submit/{id}', fn(...$args) => $args);
        """
      When I request POST "/submit/9" with the JSON body:
        """
        {"name": "ignored"}
        """
      Then the closure received the strings "9"

  @rule:registration.controller-handler
  Rule: [ControllerClass::class, 'method'] invokes that method of the controller

    @id:registration-controller-array-handler
    Scenario: the named method of the named controller runs
      Given the routes:
        """
        $router->get('/s/{value}', [EchoController::class, 'string']);
        $router->get('/u/{value}', [EchoController::class, 'untyped']);
        """
      When I request GET "/u/x"
      Then the action "EchoController@untyped" ran
      And the trace is "action:EchoController@untyped"
      When I request GET "/s/x"
      Then the action "EchoController@string" ran

  @rule:registration.bad-definition
  Rule: a route definition that cannot work fails at registration, naming the route

    Scenario Outline: '<uri>' is rejected when the application boots
      Given the routes:
        """
        $router->get('/fine', fn() => 'fine');
        $router->get('<uri>', fn() => 'broken');
        """
      Then the application fails to boot with a message containing "/broken"

      @id:registration-bad-unclosed-brace
      Examples:
        | uri          |
        | /broken/{id  |

      @id:registration-bad-stray-closing-brace
      Examples:
        | uri          |
        | /broken/id}  |

      @id:registration-bad-invalid-regex
      Examples:
        | uri               |
        | /broken/{id:(ab}  |

      @id:registration-bad-empty-constraint
      Examples:
        | uri             |
        | /broken/{id:}   |

      @id:registration-bad-duplicate-parameter
      Examples:
        | uri                  |
        | /broken/{id}/{id}    |

      @id:registration-bad-empty-name
      Examples:
        | uri          |
        | /broken/{}   |

      @id:registration-bad-parameter-name
      Examples:
        | uri            |
        | /broken/{1x}   |

      @id:registration-bad-back-reference
      Examples:
        | uri                   |
        | /broken/{x:(a)\\1}    |

  @rule:registration.duplicate
  Rule: the same method and URI shape registered twice is a registration error

    @id:registration-duplicate-route
    Scenario: GET /dup registered twice fails at boot
      Given the routes:
        """
        $router->get('/dup', fn() => 'one');
        $router->get('/dup', fn() => 'two');
        """
      Then the application fails to boot with a message containing "/dup"

    @id:registration-duplicate-shape-other-names
    Scenario: the same pattern with other parameter names is a duplicate too
      Given the routes:
        """
        $router->get('/dup/{a}', fn() => 'one');
        $router->get('/dup/{b}', fn() => 'two');
        """
      Then the application fails to boot with a message containing "/dup/{b}"
