Feature: Groups
  group(<attributes>, <closure receiving the router>) with the attribute keys prefix (a string URI
  prefix) and middleware (an array of middleware class names). Groups nest; nested prefixes are
  concatenated. Routes registered in the closure take the group's prefix and middleware.

  @rule:groups.prefix
  Rule: routes in a group take its prefix

    # catches: a group() that ignores its prefix
    @id:groups-prefix-applied @capability:groups
    Scenario: /admin + /dashboard is /admin/dashboard
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/dashboard', fn() => 'dashboard');
        });
        """
      When I request GET "/admin/dashboard"
      Then the status is 200
      And the body is "dashboard"
      When I request GET "/dashboard"
      Then the status is 404

    @id:groups-prefix-with-parameters @capability:groups
    Scenario: parameters of a route in a group are extracted after the prefix
      Given the routes:
        """
        $router->group(['prefix' => '/api'], function ($router) {
            $router->get('/users/{id}/posts/{post}', fn(...$args) => $args);
        });
        """
      When I request GET "/api/users/3/posts/9"
      Then the closure received the strings "3", "9"

    @id:groups-prefix-every-verb @capability:groups
    Scenario: every route of the group takes the prefix, whatever its verb
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/a', fn() => 'get');
            $router->put('/b', fn() => 'put');
            $router->delete('/c', fn() => 'delete');
        });
        """
      When I request PUT "/admin/b"
      Then the body is "put"
      When I request DELETE "/admin/c"
      Then the body is "delete"
      When I request GET "/admin/a"
      Then the body is "get"

  @rule:groups.nested-prefix
  Rule: nested prefixes are concatenated, outer first

    # catches: an inner prefix that replaces the outer one, or is prepended to it
    @id:groups-nested-two-levels @capability:groups
    Scenario: /api + /v1 + /users is /api/v1/users
      Given the routes:
        """
        $router->group(['prefix' => '/api'], function ($router) {
            $router->group(['prefix' => '/v1'], function ($router) {
                $router->get('/users', fn() => 'v1 users');
            });
        });
        """
      When I request GET "/api/v1/users"
      Then the status is 200
      And the body is "v1 users"
      When I request GET "/v1/users"
      Then the status is 404
      When I request GET "/v1/api/users"
      Then the status is 404

    @id:groups-nested-three-levels @capability:groups
    Scenario: three nested prefixes
      Given the routes:
        """
        $router->group(['prefix' => '/a'], function ($router) {
            $router->group(['prefix' => '/b'], function ($router) {
                $router->group(['prefix' => '/c'], function ($router) {
                    $router->get('/d/{x}', fn(...$args) => $args);
                });
            });
        });
        """
      When I request GET "/a/b/c/d/e"
      Then the closure received the strings "e"

    @id:groups-nested-group-without-prefix @capability:groups @capability:middleware
    Scenario: a nested group without a prefix keeps the outer prefix
      Given the routes:
        """
        $router->group(['prefix' => '/api'], function ($router) {
            $router->group(['middleware' => ['TraceA']], function ($router) {
                $router->get('/ping', fn() => 'pong');
            });
        });
        """
      When I request GET "/api/ping"
      Then the body is "pong"

  @rule:groups.middleware
  Rule: routes in a group take its middleware

    # catches: a group() that ignores its middleware
    @id:groups-middleware-applied @capability:middleware
    Scenario: a route in a group runs through the group's middleware
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA']], function ($router) {
            $router->get('/inside', [EchoController::class, 'none']);
        });
        """
      When I request GET "/inside"
      Then the status is 200
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"

    @id:groups-middleware-list @capability:middleware
    Scenario: a group's middleware list runs in the listed order
      Given the routes:
        """
        $router->group(['middleware' => ['TraceB', 'TraceA']], function ($router) {
            $router->get('/inside', fn() => 'inside');
        });
        """
      When I request GET "/inside"
      Then the trace is "mw:TraceB:before, mw:TraceA:before, closure:text, mw:TraceA:after, mw:TraceB:after"

    @id:groups-middleware-and-prefix @capability:groups @capability:middleware
    Scenario: prefix and middleware together
      Given the routes:
        """
        $router->group(['prefix' => '/admin', 'middleware' => ['TraceA']], function ($router) {
            $router->get('/dashboard', fn() => 'dashboard');
        });
        """
      When I request GET "/admin/dashboard"
      Then the body is "dashboard"
      And the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"

  @rule:groups.nested-middleware
  Rule: routes in nested groups take the middleware of every enclosing group

    # catches: an inner group's middleware replacing the outer group's
    @id:groups-nested-middleware-accumulates @capability:middleware @capability:route-middleware
    Scenario: outer group, inner group and route middleware all run, outer first
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA']], function ($router) {
            $router->group(['middleware' => ['TraceB']], function ($router) {
                $router->get('/deep', [EchoController::class, 'none'])->middleware('TraceC');
            });
        });
        """
      When I request GET "/deep"
      Then the status is 200
      And the trace is "mw:TraceA:before, mw:TraceB:before, mw:TraceC:before, action:EchoController@none, mw:TraceC:after, mw:TraceB:after, mw:TraceA:after"

    @id:groups-nested-middleware-with-prefixes @capability:groups @capability:middleware
    Scenario: prefixes and middleware accumulate together
      Given the routes:
        """
        $router->group(['prefix' => '/api', 'middleware' => ['TraceA']], function ($router) {
            $router->group(['prefix' => '/v2', 'middleware' => ['TraceB']], function ($router) {
                $router->get('/items', fn() => 'items');
            });
        });
        """
      When I request GET "/api/v2/items"
      Then the body is "items"
      And the trace is "mw:TraceA:before, mw:TraceB:before, closure:text, mw:TraceB:after, mw:TraceA:after"

  @rule:groups.middleware-order
  Rule: group middleware wraps the route's own middleware

    # catches: route middleware running before the group's
    @id:groups-middleware-before-route-middleware @capability:middleware @capability:route-middleware
    Scenario: the group's middleware runs outside the route's
      Given the routes:
        """
        $router->group(['middleware' => ['TraceB']], function ($router) {
            $router->get('/g', [EchoController::class, 'none'])->middleware('TraceA');
        });
        """
      When I request GET "/g"
      Then the trace is "mw:TraceB:before, mw:TraceA:before, action:EchoController@none, mw:TraceA:after, mw:TraceB:after"

  @rule:groups.scope
  Rule: group attributes apply only inside the closure

    # catches: a group stack not popped when the closure returns
    @id:groups-scope-prefix-not-leaking @capability:groups
    Scenario: a route registered after the group does not take its prefix
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/inside', fn() => 'inside');
        });
        $router->get('/outside', fn() => 'outside');
        """
      When I request GET "/outside"
      Then the status is 200
      And the body is "outside"
      When I request GET "/admin/outside"
      Then the status is 404

    @id:groups-scope-middleware-not-leaking @capability:middleware
    Scenario: a route registered after the group does not take its middleware
      Given the routes:
        """
        $router->group(['middleware' => ['TraceA']], function ($router) {
            $router->get('/inside', fn() => 'inside');
        });
        $router->get('/outside', [EchoController::class, 'none']);
        """
      When I request GET "/outside"
      Then the trace is "action:EchoController@none"
      When I request GET "/inside"
      Then the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"

    @id:groups-scope-inner-group-closed @capability:groups @capability:middleware
    Scenario: after a nested group closes, its siblings take only the outer attributes
      Given the routes:
        """
        $router->group(['prefix' => '/outer', 'middleware' => ['TraceA']], function ($router) {
            $router->group(['prefix' => '/inner', 'middleware' => ['TraceB']], function ($router) {
                $router->get('/x', fn() => 'inner x');
            });
            $router->get('/y', fn() => 'outer y');
        });
        """
      When I request GET "/outer/y"
      Then the body is "outer y"
      And the trace is "mw:TraceA:before, closure:text, mw:TraceA:after"
      When I request GET "/outer/inner/y"
      Then the status is 404
      When I request GET "/outer/inner/x"
      Then the trace is "mw:TraceA:before, mw:TraceB:before, closure:text, mw:TraceB:after, mw:TraceA:after"

    @id:groups-scope-sibling-groups @capability:groups
    Scenario: two sibling groups do not share their prefixes
      Given the routes:
        """
        $router->group(['prefix' => '/one'], function ($router) {
            $router->get('/x', fn() => 'one');
        });
        $router->group(['prefix' => '/two'], function ($router) {
            $router->get('/x', fn() => 'two');
        });
        """
      When I request GET "/two/x"
      Then the body is "two"
      When I request GET "/one/two/x"
      Then the status is 404

    @id:groups-scope-route-before-group @capability:groups
    Scenario: a route registered before the group is untouched
      Given the routes:
        """
        $router->get('/before', fn() => 'before');
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/x', fn() => 'x');
        });
        """
      When I request GET "/before"
      Then the body is "before"

  @rule:groups.closure-router
  Rule: the group closure receives the router and registers on it

    # catches: a group() that calls its closure without the router, or with an object that cannot register routes
    @id:groups-closure-receives-router @capability:groups
    Scenario: routes registered on the router the closure receives are routes of the application
      Given the routes:
        """
        $router->group(['prefix' => '/g'], function ($router) {
            $router->get('/inner', fn() => 'inner');
            $router->post('/inner', fn() => 'posted');
        });
        """
      When I request GET "/g/inner"
      Then the status is 200
      And the body is "inner"
      When I request POST "/g/inner"
      Then the body is "posted"
      And the framework hands the group closure the router

  @rule:groups.prefix-parameters
  Rule: parameters in a prefix are route parameters

    # catches: a prefix taken as literal text, so {team} must be typed verbatim
    @id:groups-prefix-parameter-extracted @capability:groups
    Scenario: /teams/{team} + /members/{member}
      Given the routes:
        """
        $router->group(['prefix' => '/teams/{team}'], function ($router) {
            $router->get('/members/{member}', fn(...$args) => $args);
        });
        """
      When I request GET "/teams/red/members/alice"
      Then the status is 200
      And the closure received the strings "red", "alice"

    @id:groups-prefix-parameter-by-name @capability:groups
    Scenario: a prefix parameter reaches the action by name
      Given the routes:
        """
        $router->group(['prefix' => '/{second}'], function ($router) {
            $router->get('/then/{first}', [EchoController::class, 'pair']);
        });
        """
      When I request GET "/b/then/a"
      Then the action "EchoController@pair" received:
        | name   | type   | value |
        | second | string | "b"   |
        | first  | string | "a"   |

    @id:groups-prefix-parameter-constrained @capability:groups
    Scenario: a constrained prefix parameter
      Given the routes:
        """
        $router->group(['prefix' => '/v{version:[0-9]+}'], function ($router) {
            $router->get('/status', fn(...$args) => $args);
        });
        """
      When I request GET "/v3/status"
      Then the closure received the strings "3"
      When I request GET "/vx/status"
      Then the status is 404

    @id:groups-prefix-parameter-url @capability:groups @capability:named-routes @capability:url-generation
    Scenario: URL generation fills a prefix parameter
      Given the routes:
        """
        $router->group(['prefix' => '/teams/{team}'], function ($router) {
            $router->get('/members/{member}', fn(...$args) => $args)->name('members.show');
        });
        """
      When I generate the URL for "members.show" with {"member": "alice", "team": "red"}
      Then the URL is "/teams/red/members/alice"

  @rule:groups.optional-attributes
  Rule: both group attributes are optional

    # catches: group() requiring both keys
    @id:groups-empty-attributes @capability:groups
    Scenario: a group with no attributes registers its routes unchanged
      Given the routes:
        """
        $router->group([], function ($router) {
            $router->get('/plain', fn() => 'plain');
        });
        """
      When I request GET "/plain"
      Then the status is 200
      And the body is "plain"

    @id:groups-prefix-only @capability:groups
    Scenario: a group with only a prefix runs no middleware
      Given the routes:
        """
        $router->group(['prefix' => '/p'], function ($router) {
            $router->get('/x', [EchoController::class, 'none']);
        });
        """
      When I request GET "/p/x"
      Then the trace is "action:EchoController@none"

    @id:groups-middleware-only @capability:middleware
    Scenario: a group with only middleware adds no prefix
      Given the routes:
        """
        $router->group(['middleware' => ['TraceC']], function ($router) {
            $router->get('/x', fn() => 'x');
        });
        """
      When I request GET "/x"
      Then the body is "x"
      And the trace is "mw:TraceC:before, closure:text, mw:TraceC:after"

  @rule:resources.in-group
  Rule: a resource in a group takes the group's prefix and middleware

    # catches: resource() bypassing the group stack
    @id:resources-in-group-prefix-middleware @capability:groups @capability:middleware @capability:resources
    Scenario: resource('photos') inside /admin with TraceA
      Given the routes:
        """
        $router->group(['prefix' => '/admin', 'middleware' => ['TraceA']], function ($router) {
            $router->resource('photos', PhotoController::class);
        });
        """
      When I request GET "/admin/photos/5/edit"
      Then the status is 200
      And the action "PhotoController@edit" received:
        | name | type   | value |
        | id   | string | "5"   |
      And the trace is "mw:TraceA:before, action:PhotoController@edit, mw:TraceA:after"
      When I request GET "/photos/5/edit"
      Then the status is 404

  @rule:groups.prefix-slashes
  Rule: prefixes and URIs are joined with exactly one slash (reference)

    @id:groups-prefix-root-route @capability:groups
    Scenario: a route "/" inside a prefixed group is the prefix itself
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/', fn() => 'admin root');
        });
        """
      When I request GET "/admin"
      Then the status is 200
      And the body is "admin root"

    @capability:groups
    Scenario Outline: prefix '<prefix>' and URI '<uri>' give /admin/users
      Given the routes:
        """
        $router->group(['prefix' => '<prefix>'], function ($router) {
            $router->get('<uri>', fn() => 'users');
        });
        """
      When I request GET "/admin/users"
      Then the status is 200
      And the body is "users"

      @id:groups-slashes-leading-both
      Examples:
        | prefix | uri    |
        | /admin | /users |

      @id:groups-slashes-none
      Examples:
        | prefix | uri   |
        | admin  | users |

      @id:groups-slashes-trailing-prefix
      Examples:
        | prefix  | uri    |
        | /admin/ | /users |

      @id:groups-slashes-prefix-without-uri-with
      Examples:
        | prefix | uri    |
        | admin  | /users |

      @id:groups-slashes-empty-prefix-nested
      Examples:
        | prefix | uri          |
        |        | /admin/users |

      @id:groups-slashes-double
      Examples:
        | prefix   | uri     |
        | //admin/ | //users |

  @rule:groups.resource-names
  Rule: a resource in a prefixed group keeps its names; only its URLs carry the prefix (reference)

    @id:groups-resource-names-prefixed-urls @capability:groups @capability:resources @capability:url-generation @needs:resources.id-name
    Scenario: resource routes in a group keep their names, their URLs carry the prefix
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->resource('photos', PhotoController::class);
        });
        """
      When I generate the URL for "photos.show" with {"id": 5}
      Then the URL is "/admin/photos/5"
