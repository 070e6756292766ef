Feature: Middleware assignment
  Route::middleware(<class-name string | array of class-name strings>) on a route, or the middleware
  attribute of a group. Middleware is resolved from the container; a MiddlewareStack is built at
  dispatch time for the matched route and the handler runs through it.

  @rule:middleware.route
  Rule: route middleware runs around the handler

    # catches: middleware recorded on the route but never run, or run after the handler returned
    @id:middleware-route-wraps-action @capability:route-middleware
    Scenario: TraceA runs before and after the action
      Given the routes:
        """
        $router->get('/m', [EchoController::class, 'none'])->middleware('TraceA');
        """
      When I request GET "/m"
      Then the status is 200
      And the action "EchoController@none" received no parameters
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"

    @id:middleware-route-wraps-closure @capability:route-middleware
    Scenario: middleware wraps closure handlers too
      Given the routes:
        """
        $router->get('/m/{x}', fn(...$args) => $args)->middleware('TraceB');
        """
      When I request GET "/m/1"
      Then the closure received the strings "1"
      And the trace is "mw:TraceB:before, closure:args, mw:TraceB:after"

  @rule:middleware.container
  Rule: middleware is resolved from the container

    # catches: middleware instantiated without its constructor dependencies
    @id:middleware-container-with-clock @capability:middleware @capability:route-middleware
    Scenario: WithClock receives its Clock from the container
      Given the routes:
        """
        $router->get('/clock', [EchoController::class, 'none'])->middleware('WithClock');
        """
      When I request GET "/clock"
      Then the status is 200
      And the header "X-Clock" is "clock"
      And the action "EchoController@none" ran

    @id:middleware-container-with-clock-in-group @capability:middleware
    Scenario: group middleware is resolved from the container too
      Given the routes:
        """
        $router->group(['middleware' => ['WithClock', 'TraceA']], function ($router) {
            $router->get('/clock', fn() => 'tick');
        });
        """
      When I request GET "/clock"
      Then the status is 200
      And the body is "tick"
      And the header "X-Clock" is "clock"
      And the trace, constructors aside, is "mw:TraceA:before, closure:text, mw:TraceA:after"

  @rule:middleware.per-dispatch
  Rule: middleware is resolved when the stack is built, for every request

    # catches: middleware instances built once at registration and shared by every request
    @id:middleware-per-dispatch-each-request @capability:middleware @capability:route-middleware
    Scenario: WithClock is constructed for each request that matches its route
      Given the routes:
        """
        $router->get('/clock', [EchoController::class, 'none'])->middleware('WithClock');
        """
      When I request GET "/clock"
      Then the trace is "ctor:WithClock, action:EchoController@none"
      When I request GET "/clock"
      Then the trace is "ctor:WithClock, action:EchoController@none"

  @rule:middleware.list-order
  Rule: listed middleware runs in the listed order, the first one outermost

    # catches: a stack built in reverse
    @id:middleware-list-three @capability:route-middleware
    Scenario: ['TraceC', 'TraceA', 'TraceB'] runs C, then A, then B
      Given the routes:
        """
        $router->get('/o', [EchoController::class, 'none'])->middleware(['TraceC', 'TraceA', 'TraceB']);
        """
      When I request GET "/o"
      Then the trace is "mw:TraceC:before, mw:TraceA:before, mw:TraceB:before, action:EchoController@none, mw:TraceB:after, mw:TraceA:after, mw:TraceC:after"

    # catches: a group's middleware list stacked in reverse (a framework with group middleware only gets this rule tested too)
    @id:middleware-list-three-in-group @capability:middleware
    Scenario: the group middleware ['TraceC', 'TraceA', 'TraceB'] runs C, then A, then B
      Given the routes:
        """
        $router->group(['middleware' => ['TraceC', 'TraceA', 'TraceB']], function ($router) {
            $router->get('/o', fn() => 'o');
        });
        """
      When I request GET "/o"
      Then the trace is "mw:TraceC:before, mw:TraceA:before, mw:TraceB:before, closure:text, mw:TraceB:after, mw:TraceA:after, mw:TraceC:after"

  @rule:middleware.short-circuit
  Rule: a middleware may answer without calling the next layer

    # catches: a pipeline that runs the handler anyway
    @id:middleware-block-alone @capability:middleware @capability:route-middleware
    Scenario: Block answers 403 "blocked" and the action does not run
      Given the routes:
        """
        $router->get('/secret', [EchoController::class, 'none'])->middleware('Block');
        """
      When I request GET "/secret"
      Then the status is 403
      And the body is "blocked"
      And the trace is "mw:Block:before"

    @id:middleware-block-inside-trace @capability:middleware @capability:route-middleware
    Scenario: the middleware outside Block unwinds, the layers inside it never run
      Given the routes:
        """
        $router->get('/secret', [EchoController::class, 'none'])->middleware(['TraceA', 'Block', 'TraceB']);
        """
      When I request GET "/secret"
      Then the status is 403
      And the body is "blocked"
      And the trace is "mw:TraceA:before, mw:Block:before, mw:TraceA:after"

    @id:middleware-block-first @capability:middleware @capability:route-middleware
    Scenario: Block as the first middleware stops everything after it
      Given the routes:
        """
        $router->get('/secret', [EchoController::class, 'none'])->middleware(['Block', 'TraceA']);
        """
      When I request GET "/secret"
      Then the status is 403
      And the trace is "mw:Block:before"

    @id:middleware-block-in-group @capability:middleware @capability:route-middleware
    Scenario: Block as group middleware stops the route's own middleware and action
      Given the routes:
        """
        $router->group(['middleware' => ['Block']], function ($router) {
            $router->get('/secret', [EchoController::class, 'none'])->middleware('TraceA');
        });
        """
      When I request GET "/secret"
      Then the status is 403
      And the body is "blocked"
      And the trace is "mw:Block:before"

    @id:middleware-block-group-list @capability:middleware
    Scenario: Block in a group's list: the group middleware before it unwinds, the rest never runs
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA', 'Block', 'TraceB']], function ($router) {
            $router->get('/secret', fn() => 'secret');
        });
        """
      When I request GET "/secret"
      Then the status is 403
      And the body is "blocked"
      And the trace is "mw:TraceA:before, mw:Block:before, mw:TraceA:after"

  @rule:middleware.no-controller-middleware
  Rule: middleware is attached at the routing level only: the base controller has no middleware()

    # catches: a Laravel-style base controller that attaches middleware from its constructor
    @id:middleware-no-controller-method @capability:base-controller
    Scenario: HelperController has no middleware() method, inherited or not
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'introspect']);
        """
      When I request GET "/h"
      Then the status is 200
      And the JSON body contains:
        """
        {"middleware": false}
        """

  @rule:middleware.matched-route-only
  Rule: only the matched route's middleware runs

    # catches: route middleware applied globally
    @id:middleware-other-route-middleware-not-run @capability:route-middleware
    Scenario: the middleware of another route does not run
      Given the routes:
        """
        $router->get('/a', fn() => 'a')->middleware('TraceA');
        $router->get('/b', fn() => 'b')->middleware('TraceB');
        """
      When I request GET "/b"
      Then the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"

    # catches: middleware run while searching, before the 404 is known
    @id:middleware-not-run-on-404 @capability:middleware @capability:route-middleware
    Scenario: nothing runs for a 404
      Given the routes:
        """
        $router->get('/a', fn() => 'a')->middleware(['TraceA', 'Block']);
        """
      When I request GET "/nowhere"
      Then the status is 404
      And the trace is empty

    @id:middleware-not-run-on-405 @capability:middleware @capability:route-middleware
    Scenario: nothing runs for a 405, not even the middleware of the routes of the URI
      Given the routes:
        """
        $router->get('/a', fn() => 'a')->middleware(['TraceA', 'WithClock']);
        """
      When I request POST "/a"
      Then the status is 405
      And the trace is empty
      And the header "X-Clock" is absent

    @id:middleware-not-run-on-404-group @capability:groups @capability:middleware
    Scenario: a group's middleware does not run for a 404 under its prefix
      Given the routes:
        """
        $router->group(['prefix' => '/admin', 'middleware' => ['TraceA']], function ($router) {
            $router->get('/dashboard', fn() => 'dashboard');
        });
        """
      When I request GET "/admin/missing"
      Then the status is 404
      And the trace is empty

    @id:middleware-same-uri-other-method @capability:route-middleware
    Scenario: the middleware of the GET route does not run for the POST route of the same URI
      Given the routes:
        """
        $router->get('/form', fn() => 'form')->middleware('TraceA');
        $router->post('/form', fn() => 'sent')->middleware('TraceB');
        """
      When I request POST "/form"
      Then the body is "sent"
      And the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"

    # catches: a middleware stack cached by URI and reused for another method of the same URI
    @id:middleware-same-uri-get-then-post @capability:route-middleware
    Scenario: GET, then POST, then GET of one URI each run their own route's middleware
      Given the routes:
        """
        $router->get('/form', fn() => 'form')->middleware('TraceA');
        $router->post('/form', fn() => 'sent')->middleware('TraceB');
        """
      When I request GET "/form"
      Then the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"
      When I request POST "/form"
      Then the body is "sent"
      And the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"
      When I request GET "/form"
      Then the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"

    @id:middleware-same-uri-post-then-get @capability:route-middleware
    Scenario: POST, then GET of one URI each run their own route's middleware
      Given the routes:
        """
        $router->get('/form', fn() => 'form')->middleware('TraceA');
        $router->post('/form', fn() => 'sent')->middleware('TraceB');
        """
      When I request POST "/form"
      Then the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"
      When I request GET "/form"
      Then the body is "form"
      And the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"

    # catches: group middleware applied to every route (a framework with group middleware only gets this rule tested too)
    @id:middleware-other-group-not-run @capability:middleware
    Scenario: the middleware of another group does not run
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA']], function ($router) {
            $router->get('/a', fn() => 'a');
        });
        $router->group(['middleware' => ['TraceB']], function ($router) {
            $router->get('/b', fn() => 'b');
        });
        """
      When I request GET "/b"
      Then the trace is "mw:TraceB:before, closure:text, mw:TraceB:after"

  @rule:middleware.response-passthrough
  Rule: the handler's response passes through middleware unchanged

    # catches: a middleware layer that re-wraps the response
    @id:middleware-passthrough-response @capability:route-middleware
    Scenario: a Response with status 201 and a header keeps them through TraceA
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'response'])->middleware(['TraceA', 'TraceB']);
        """
      When I request GET "/r"
      Then the status is 201
      And the header "X-Probe" is "response"
      And the body is "response body"

    @id:middleware-passthrough-redirect @capability:route-middleware
    Scenario: a RedirectResponse keeps its status and Location through TraceA
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'redirectResponse'])->middleware('TraceA');
        """
      When I request GET "/r"
      Then the status is 301
      And the Location header refers to "/redirected"

    @id:middleware-passthrough-converted-array @capability:route-middleware
    Scenario: an array converted to JSON keeps its body through TraceA
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'array'])->middleware('TraceA');
        """
      When I request GET "/r"
      Then the status is 200
      And the JSON body is {"kind":"array","list":[1,2,3]}

    @id:middleware-passthrough-group @capability:middleware
    Scenario: a Response with status 201 and a header keeps them through group middleware
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA', 'TraceB']], function ($router) {
            $router->get('/r', [ReturnController::class, 'response']);
        });
        """
      When I request GET "/r"
      Then the status is 201
      And the header "X-Probe" is "response"
      And the body is "response body"

  @rule:middleware.modify-response
  Rule: a middleware can change the response on its way out

    # catches: the middleware's returned response ignored in favour of the handler's
    @id:middleware-modify-adds-header @capability:middleware @capability:route-middleware
    Scenario: WithClock adds X-Clock and keeps the body
      Given the routes:
        """
        $router->get('/w', fn() => 'with clock')->middleware('WithClock');
        """
      When I request GET "/w"
      Then the status is 200
      And the body is "with clock"
      And the header "X-Clock" is "clock"

    @id:middleware-modify-keeps-status @capability:middleware @capability:route-middleware
    Scenario: WithClock adds its header to a 201 response without changing it
      Given the routes:
        """
        $router->get('/w', [ReturnController::class, 'response'])->middleware('WithClock');
        """
      When I request GET "/w"
      Then the status is 201
      And the header "X-Clock" is "clock"
      And the header "X-Probe" is "response"

    @id:middleware-modify-in-group @capability:middleware
    Scenario: WithClock as group middleware adds X-Clock and keeps the body
      Given the routes:
        """
        $router->group(['middleware' => ['WithClock']], function ($router) {
            $router->get('/w', fn() => 'with clock');
        });
        """
      When I request GET "/w"
      Then the status is 200
      And the body is "with clock"
      And the header "X-Clock" is "clock"

  @rule:middleware.unknown
  Rule: an unknown middleware name is a registration error (reference)

    @id:middleware-unknown-name @capability:route-middleware
    Scenario: ->middleware('NoSuchMiddleware') fails at boot, naming the route
      Given the routes:
        """
        $router->get('/mw-unknown', fn() => 'x')->middleware('NoSuchMiddleware');
        """
      Then the application fails to boot with a message containing "/mw-unknown"

    @id:middleware-unknown-in-group @capability:middleware
    Scenario: an unknown group middleware is reported with the first route of the group
      Given the routes:
        """
        $router->group(['middleware' => ['NoSuchMiddleware']], function ($router) {
            $router->get('/in-bad-group', fn() => 'x');
        });
        """
      Then the application fails to boot with a message containing "/in-bad-group"

    @id:middleware-unknown-in-empty-group @capability:middleware
    Scenario: a group without routes is not checked
      Given the routes:
        """
        $router->group(['middleware' => ['NoSuchMiddleware']], function ($router) {
        });
        $router->get('/fine', fn() => 'fine');
        """
      When I request GET "/fine"
      Then the status is 200

  @rule:middleware.not-middleware
  Rule: a name that resolves to a class without handle() is not middleware (reference)

    @id:middleware-not-middleware-controller @capability:route-middleware
    Scenario: ->middleware('EchoController') fails at boot, naming the route
      Given the routes:
        """
        $router->get('/mw-controller', fn() => 'x')->middleware('EchoController');
        """
      Then the application fails to boot with a message containing "/mw-controller"

    @id:middleware-not-middleware-service @capability:middleware
    Scenario: a group middleware naming the Clock service fails at boot with the group's route
      Given the routes:
        """
        $router->group(['middleware' => ['Clock']], function ($router) {
            $router->get('/mw-service', fn() => 'x');
        });
        """
      Then the application fails to boot with a message containing "/mw-service"

  @rule:middleware.arguments
  Rule: 'Name:a,b' passes arguments to the middleware (reference)

    @id:middleware-arguments-resolved @capability:route-middleware
    Scenario: 'TraceA:x,y' runs TraceA
      Given the routes:
        """
        $router->get('/args', fn() => 'args')->middleware('TraceA:x,y');
        """
      When I request GET "/args"
      Then the status is 200
      And the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"
