Feature: Response factory
  The ResponseFactory has json(), text(), noContent(), view(), redirect(), redirectRoute() and the
  API helpers success(), created(), error(), validationError() and notFound(). Their parameters,
  and the statuses and bodies of the API helpers, are not shown: what their names imply is
  checked at the implied level, the reference's exact choices at the reference level.

  @rule:factory.json
  Rule: json($data) responds with $data as JSON

    # catches: json() sending text or another body
    @id:factory-json-body @capability:factory-content
    Scenario: $factory->json(['via' => 'factory'])
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'json']);
        """
      When I request GET "/f"
      Then the content type is "application/json"
      And the JSON body is {"via":"factory"}
      And the trace is "action:FactoryController@json"

  @rule:factory.json-status
  Rule: json($data) answers 200 (reference)

    @id:factory-json-status @capability:factory-content
    Scenario: $factory->json(['via' => 'factory']) answers 200
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'json']);
        """
      When I request GET "/f"
      Then the status is 200

  @rule:factory.text
  Rule: text($text) responds with that text

    # catches: text() that JSON-encodes or wraps the text
    @id:factory-text-body @capability:factory-content
    Scenario: $factory->text('plain text')
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'text']);
        """
      When I request GET "/f"
      Then the body is "plain text"

  @rule:factory.text-type
  Rule: text() is a 200 text/plain response (reference)

    @id:factory-text-type @capability:factory-content
    Scenario: $factory->text('plain text') answers 200 text/plain
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'text']);
        """
      When I request GET "/f"
      Then the status is 200
      And the content type is "text/plain"

  @rule:factory.no-content
  Rule: noContent() answers 204 with no body

    # catches: noContent() answering 200 or with a body
    @id:factory-no-content @capability:factory-content
    Scenario: $factory->noContent()
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'noContent']);
        """
      When I request GET "/f"
      Then the status is 204
      And the body is empty

  @rule:factory.no-content-type
  Rule: noContent() has no Content-Type (reference)

    @id:factory-no-content-no-type @capability:factory-content
    Scenario: $factory->noContent() carries no Content-Type
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'noContent']);
        """
      When I request GET "/f"
      Then the header "Content-Type" is absent

  @rule:factory.view
  Rule: view($name, $data) responds with the rendered view

    # catches: view() returning the template unrendered
    @id:factory-view @capability:views @capability:factory-content
    Scenario: $factory->view('hello', ['name' => 'Factory'])
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'view']);
        """
      When I request GET "/f"
      Then the body is "<p>Hello, Factory!</p>"

  @rule:factory.redirect
  Rule: redirect($url) answers a redirection to $url

    # catches: redirect() without Location, or with a 2xx status
    @id:factory-redirect @capability:factory-redirects
    Scenario: $factory->redirect('/target')
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'redirect']);
        """
      When I request GET "/f"
      Then the status is a redirection
      And the Location header refers to "/target"

  @rule:factory.redirect-route
  Rule: redirectRoute($name, $params) redirects to the named route's URL

    # catches: redirectRoute() redirecting to the name, or ignoring the parameters
    @id:factory-redirect-route @capability:named-routes @capability:factory-redirects @needs:named.name
    Scenario: $factory->redirectRoute('target', ['id' => 7])
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'redirectRoute']);
        $router->get('/target/{id}', fn(...$args) => $args)->name('target');
        """
      When I request GET "/f"
      Then the status is a redirection
      And the Location header refers to "/target/7"

    @id:factory-redirect-route-query @capability:named-routes @capability:factory-redirects @needs:named.name
    Scenario: an entry that fills no segment goes to the query string of the Location
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'redirectRoute']);
        $router->get('/target', fn() => 'target')->name('target');
        """
      When I request GET "/f"
      Then the status is a redirection
      And the Location header refers to "/target?id=7"

  @rule:factory.redirect-status
  Rule: redirect() and redirectRoute() answer 302 (reference)

    @id:factory-redirect-302 @capability:factory-redirects
    Scenario: $factory->redirect('/target') answers 302
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'redirect']);
        """
      When I request GET "/f"
      Then the status is 302

    @id:factory-redirect-route-302 @capability:named-routes @capability:factory-redirects @needs:named.name
    Scenario: $factory->redirectRoute('target', ['id' => 7]) answers 302
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'redirectRoute']);
        $router->get('/target/{id}', fn(...$args) => $args)->name('target');
        """
      When I request GET "/f"
      Then the status is 302

  @rule:factory.api-json
  Rule: success(), error() and validationError() answer JSON

    # catches: API helpers that answer text or HTML
    @capability:factory-api
    Scenario Outline: $factory-><action>(...) answers JSON
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, '<action>']);
        """
      When I request GET "/f"
      Then the content type is "application/json"
      And the JSON body contains:
        """
        {}
        """
      And the trace is "action:FactoryController@<action>"

      @id:factory-api-json-success
      Examples:
        | action  |
        | success |

      @id:factory-api-json-error
      Examples:
        | action |
        | error  |

      @id:factory-api-json-validation-error
      Examples:
        | action          |
        | validationError |

  @rule:factory.created-status
  Rule: created() answers 201 Created

    # catches: created() answering 200
    @id:factory-created-201 @capability:factory-api
    Scenario: $factory->created(['id' => 2]) answers 201
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'created']);
        """
      When I request GET "/f"
      Then the status is 201

  @rule:factory.not-found-status
  Rule: notFound() answers 404 Not Found

    # catches: notFound() answering 200 with an error body
    @id:factory-not-found-404 @capability:factory-api
    Scenario: $factory->notFound() answers 404
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, 'notFound']);
        """
      When I request GET "/f"
      Then the status is 404
      And the trace is "action:FactoryController@notFound"

  Rule: the API helpers (reference)

    @capability:factory-api
    Scenario Outline: $factory-><action>(...) answers <status> <body>
      Given the routes:
        """
        $router->get('/f', [FactoryController::class, '<action>']);
        """
      When I request GET "/f"
      Then the status is <status>
      And the content type is "application/json"
      And the JSON body is <body>

      @id:factory-success @rule:factory.success
      Examples:
        | action  | status | body                                              |
        | success | 200    | {"success":true,"message":"OK","data":{"id":1}}    |

      @id:factory-created @rule:factory.created
      Examples:
        | action  | status | body                                                  |
        | created | 201    | {"success":true,"message":"Created","data":{"id":2}}   |

      @id:factory-error @rule:factory.error
      Examples:
        | action | status | body                                          |
        | error  | 400    | {"success":false,"message":"Something failed"} |

      @id:factory-validation-error @rule:factory.validation-error
      Examples:
        | action          | status | body                                                                                                  |
        | validationError | 422    | {"success":false,"message":"The given data was invalid.","errors":{"name":["The name field is required."]}} |

      @id:factory-not-found @rule:factory.not-found
      Examples:
        | action   | status | body                                   |
        | notFound | 404    | {"success":false,"message":"Not Found"} |
