Feature: Errors
  No route matches the method and URI, and the URI matches no route under any other method: 404.
  No route matches the method and URI, but the URI exists under other methods: 405 with an Allow
  header. The Allow value format and the bodies are not shown (reference level).

  @rule:errors.not-found
  Rule: a URI that exists under no method answers 404

    # catches: 405, 200 or 500 for an unknown URI
    @id:errors-not-found-no-routes
    Scenario: any request to an application without routes
      Given no routes
      When I request GET "/anything"
      Then the status is 404
      And the trace is empty

    @id:errors-not-found-unknown-path
    Scenario: a path that no route matches, whatever the method
      Given the routes:
        """
        $router->get('/users/{id}', fn(...$args) => $args);
        $router->post('/users', fn() => 'created');
        """
      When I request GET "/posts"
      Then the status is 404
      When I request POST "/posts/1"
      Then the status is 404
      When I request DELETE "/users/1/x"
      Then the status is 404

    @id:errors-not-found-prefix-of-route
    Scenario: a prefix of a registered path does not exist
      Given the routes:
        """
        $router->get('/admin/dashboard', fn() => 'dashboard');
        """
      When I request GET "/admin"
      Then the status is 404
      When I request POST "/admin"
      Then the status is 404

  @rule:errors.constraint-404
  Rule: a URI rejected by every constraint answers 404, not 405

    # catches: 405 decided from the path shape without the constraints
    @id:errors-constraint-404-other-method
    Scenario: GET /users/{id:[0-9]+} does not make POST /users/abc a 405
      Given the routes:
        """
        $router->get('/users/{id:[0-9]+}', fn(...$args) => $args);
        """
      When I request POST "/users/abc"
      Then the status is 404
      When I request GET "/users/abc"
      Then the status is 404
      When I request POST "/users/12"
      Then the status is 405

    @id:errors-constraint-404-two-constraints
    Scenario: neither constraint of two routes of other methods accepts the URI
      Given the routes:
        """
        $router->put('/p/{id:[0-9]+}', fn() => 'put');
        $router->delete('/p/{slug:[a-z]+}', fn() => 'delete');
        """
      When I request GET "/p/A-1"
      Then the status is 404

  @rule:errors.method-not-allowed
  Rule: a URI that exists under other methods answers 405

    # catches: 404 when only the method is wrong
    Scenario Outline: <METHOD> on a URI that has only GET and PUT routes answers 405
      Given the routes:
        """
        $router->get('/doc/{id}', fn() => 'get');
        $router->put('/doc/{id}', fn() => 'put');
        """
      When I request <METHOD> "/doc/1"
      Then the status is 405
      And the trace is empty

      @id:errors-405-post
      Examples:
        | METHOD |
        | POST   |

      @id:errors-405-patch
      Examples:
        | METHOD |
        | PATCH  |

      @id:errors-405-delete
      Examples:
        | METHOD |
        | DELETE |


    @id:errors-405-static-route
    Scenario: a static route of another method
      Given the routes:
        """
        $router->post('/login', fn() => 'logged in');
        """
      When I request GET "/login"
      Then the status is 405

    # catches: 405 collection that follows only the branches holding a route of the request's method
    @id:errors-405-parameter-within-segment @needs:params.within-segment
    Scenario: a route whose parameter shares its segment with static text, next to a GET route
      Given the routes:
        """
        $router->get('/notes/{name}/history', fn() => 'history');
        $router->post('/notes/{name}.txt', fn() => 'posted');
        """
      When I request GET "/notes/todo.txt"
      Then the status is 405
      And the Allow header lists exactly "POST"
      When I request GET "/notes/todo.md"
      Then the status is 404

    # catches: 405 collection that skips routes whose constraint spans segments
    @id:errors-405-spanning-constraint-only @needs:params.constraint-spans-slash
    Scenario: the only route of the URI has a constraint spanning segments, next to a GET route
      Given the routes:
        """
        $router->get('/files/{name}/meta', fn() => 'meta');
        $router->post('/files/{path:.+}', fn() => 'posted');
        """
      When I request GET "/files/a/b"
      Then the status is 405
      And the Allow header lists exactly "POST"

  @rule:errors.other-methods
  Rule: methods no route can be registered with get 405 too (reference)

    Scenario Outline: <METHOD> on a URI that has only GET and PUT routes answers 405
      Given the routes:
        """
        $router->get('/doc/{id}', fn() => 'get');
        $router->put('/doc/{id}', fn() => 'put');
        """
      When I request <METHOD> "/doc/1"
      Then the status is 405
      And the trace is empty

      @id:errors-405-options
      Examples:
        | METHOD  |
        | OPTIONS |

      @id:errors-405-unregistrable-method @server:unknown-methods
      Examples:
        | METHOD |
        | PURGE  |

  @rule:errors.allow-header
  Rule: a 405 carries an Allow header

    # catches: 405 without Allow
    @id:errors-allow-present
    Scenario: the 405 of a GET-only URI carries Allow
      Given the routes:
        """
        $router->get('/only-get', fn() => 'get');
        """
      When I request DELETE "/only-get"
      Then the status is 405
      And the header "Allow" is present

  @rule:errors.allow-only-on-405
  Rule: no Allow header on a 404 (reference)

    # RFC 9110 §10.2.1 allows Allow on any response; the reference sends it only with 405 (decision 56)
    @id:errors-allow-absent-on-404
    Scenario: a 404 does not pretend methods are allowed
      Given the routes:
        """
        $router->get('/only-get', fn() => 'get');
        """
      When I request DELETE "/elsewhere"
      Then the status is 404
      And the header "Allow" is absent

  @rule:errors.allow-exact
  Rule: Allow lists each method under which the URI exists, once

    # catches: Allow listing every registered method of the application
    @id:errors-allow-exact-single
    Scenario: one other method
      Given the routes:
        """
        $router->get('/only-get', fn() => 'get');
        $router->post('/elsewhere', fn() => 'post');
        """
      When I request DELETE "/only-get"
      Then the status is 405
      And the Allow header lists exactly "GET"

    # catches: methods of routes whose constraint rejects the URI listed too
    @id:errors-allow-exact-several-routes @needs:errors.constraint-404
    Scenario: methods of several matching routes, and only of those
      Given the routes:
        """
        $router->get('/a/{x}', fn() => 'get');
        $router->post('/a/b', fn() => 'post');
        $router->delete('/a/{y:[a-z]+}', fn() => 'delete');
        $router->put('/a/{z:[0-9]+}', fn() => 'put');
        $router->patch('/other', fn() => 'patch');
        """
      When I request PATCH "/a/b"
      Then the status is 405
      And the Allow header lists exactly "GET, POST, DELETE"

    @id:errors-allow-exact-all-but-one
    Scenario: four other methods
      Given the routes:
        """
        $router->get('/all', fn() => 'get');
        $router->post('/all', fn() => 'post');
        $router->put('/all', fn() => 'put');
        $router->delete('/all', fn() => 'delete');
        """
      When I request PATCH "/all"
      Then the status is 405
      And the Allow header lists exactly "GET, POST, PUT, DELETE"

    # catches: 405 collection that skips constraints spanning several segments
    @id:errors-allow-exact-spanning-constraint @needs:params.constraint-spans-slash
    Scenario: a route whose constraint spans segments contributes its method
      Given the routes:
        """
        $router->get('/f/{path:.+}', fn(...$args) => $args);
        $router->post('/f/a/b', fn() => 'post');
        $router->delete('/f/{one}', fn() => 'delete');
        """
      When I request PUT "/f/a/b"
      Then the status is 405
      And the Allow header lists exactly "GET, POST"

  @rule:errors.allow-once
  Rule: Allow lists each method once (reference)

    @id:errors-allow-exact-no-duplicates
    Scenario: two GET routes matching the URI list GET once
      Given the routes:
        """
        $router->get('/a/b', fn() => 'static get');
        $router->get('/a/{x}', fn() => 'param get');
        $router->post('/a/{y}', fn() => 'post');
        """
      When I request PUT "/a/b"
      Then the status is 405
      And the Allow header lists exactly "GET, POST"
      And the Allow header lists each method once

  @rule:errors.allow-format
  Rule: Allow order GET, HEAD, POST, PUT, PATCH, DELETE joined with ", " (reference)

    Scenario Outline: routes for <registered> give Allow "<allow>"
      Given the routes:
        """
        <routes>
        """
      When I request OPTIONS "/x"
      Then the status is 405
      And the header "Allow" is "<allow>"

      @id:errors-allow-format-get
      Examples:
        | registered | routes                             | allow     |
        | GET        | $router->get('/x', fn() => 'x');   | GET, HEAD |

      @id:errors-allow-format-post
      Examples:
        | registered | routes                             | allow |
        | POST       | $router->post('/x', fn() => 'x');  | POST  |

      @id:errors-allow-format-reverse-registration
      Examples:
        | registered          | routes                                                                                  | allow                      |
        | DELETE, PATCH, GET  | $router->delete('/x', fn() => 'x'); $router->patch('/x', fn() => 'x'); $router->get('/x', fn() => 'x'); | GET, HEAD, PATCH, DELETE |

  @rule:errors.bodies
  Rule: 404 and 405 bodies (reference)

    @id:errors-body-404
    Scenario: {"message":"Not Found"}
      Given no routes
      When I request GET "/missing"
      Then the status is 404
      And the content type is "application/json"
      And the JSON body is {"message":"Not Found"}

    @id:errors-body-405
    Scenario: {"message":"Method Not Allowed"}
      Given the routes:
        """
        $router->get('/x', fn() => 'x');
        """
      When I request POST "/x"
      Then the status is 405
      And the content type is "application/json"
      And the JSON body is {"message":"Method Not Allowed"}

  @rule:errors.exception
  Rule: an exception answers 500 without details (reference)

    @id:errors-exception-500
    Scenario: FailController@explode
      Given the routes:
        """
        $router->get('/boom', [FailController::class, 'explode']);
        """
      When I request GET "/boom"
      Then the status is 500
      And the JSON body is {"message":"Server Error"}
      And the body does not contain "probe failure"
      And the trace is "action:FailController@explode"

    @id:errors-exception-inside-middleware @capability:route-middleware
    Scenario: middleware around a failing action unwinds no further than the exception
      Given the routes:
        """
        $router->get('/boom', [FailController::class, 'explode'])->middleware('TraceA');
        """
      When I request GET "/boom"
      Then the status is 500
      And the JSON body is {"message":"Server Error"}
      And the trace is "mw:TraceA:before, action:FailController@explode"

  @rule:errors.missing-action
  Rule: a route to a missing controller method fails at registration (reference)

    @id:errors-missing-action
    Scenario: [EchoController::class, 'nope']
      Given the routes:
        """
        $router->get('/missing-action', [EchoController::class, 'nope']);
        """
      Then the application fails to boot with a message containing "/missing-action"

    @id:errors-missing-controller
    Scenario: [NoSuchController::class, 'index']
      Given the routes:
        """
        $router->get('/missing-controller', [NoSuchController::class, 'index']);
        """
      Then the application fails to boot with a message containing "/missing-controller"
