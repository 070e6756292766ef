Feature: What the service does: route files
  Route definitions are loaded from routes/web during bootstrap, which receives a $router. Only
  routes/web is loaded by default; further route files are loaded by the bootstrap sequence or by
  a service provider.

  @rule:files.web-default
  Rule: routes/web is loaded by default

    @id:files-web-loaded-by-default
    Scenario: a route of routes/web is registered without anything else loading the file
      Given the routes:
        """
        $router->get('/home', fn() => 'home');
        """
      When I request GET "/home"
      Then the status is 200
      And the body is "home"

    @id:files-web-receives-full-router @capability:groups @capability:resources
    Scenario: routes/web receives the router with its whole API (verbs, groups, resources)
      Given the routes:
        """
        $router->post('/home', fn() => 'posted');
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/home', fn() => 'admin home');
        });
        $router->resource('photos', PhotoController::class);
        """
      When I request POST "/home"
      Then the body is "posted"
      When I request GET "/admin/home"
      Then the body is "admin home"
      When I request GET "/photos"
      Then the action "PhotoController@index" ran

  @rule:files.bootstrap
  Rule: a route file loaded in the bootstrap sequence registers its routes

    # catches: a framework that only ever reads routes/web
    @id:files-bootstrap-file-loaded @capability:route-files
    Scenario: a route of a file loaded by bootstrap/app is reachable next to those of routes/web
      Given the routes:
        """
        $router->get('/home', fn() => 'home');
        """
      And the route file "admin" loaded by the bootstrap sequence:
        """
        $router->get('/extra', fn() => 'extra');
        """
      When I request GET "/extra"
      Then the status is 200
      And the body is "extra"
      When I request GET "/home"
      Then the body is "home"

    @id:files-bootstrap-two-files @capability:route-files
    Scenario: several files loaded by the bootstrap sequence are all loaded
      Given the route file "admin" loaded by the bootstrap sequence:
        """
        $router->get('/admin-area', fn() => 'admin');
        """
      And the route file "api" loaded by the bootstrap sequence:
        """
        $router->get('/api-area', fn() => 'api');
        """
      When I request GET "/admin-area"
      Then the body is "admin"
      When I request GET "/api-area"
      Then the body is "api"

    @id:files-bootstrap-file-groups @capability:groups @capability:middleware @capability:route-files
    Scenario: a bootstrap-loaded file receives the router with groups and middleware
      Given the route file "admin" loaded by the bootstrap sequence:
        """
        $router->group(['prefix' => '/admin', 'middleware' => ['TraceA']], function ($router) {
            $router->get('/stats', [EchoController::class, 'none']);
        });
        """
      When I request GET "/admin/stats"
      Then the status is 200
      And the trace is "mw:TraceA:before, action:EchoController@none, mw:TraceA:after"

  @rule:files.provider
  Rule: a route file loaded by a service provider registers its routes

    # catches: a route collection compiled before providers boot
    @id:files-provider-file-loaded @capability:route-files
    Scenario: a route of a file loaded from a provider's boot is reachable
      Given the routes:
        """
        $router->get('/home', fn() => 'home');
        """
      And the route file "api" loaded by a service provider:
        """
        $router->get('/api/ping', fn() => 'pong');
        """
      When I request GET "/api/ping"
      Then the status is 200
      And the body is "pong"

    @id:files-provider-controller-route @capability:injection @capability:route-files
    Scenario: a controller route of a provider-loaded file dispatches with injection
      Given the route file "api" loaded by a service provider:
        """
        $router->get('/api/items/{value:[0-9]+}', [EchoController::class, 'int']);
        """
      When I request GET "/api/items/12"
      Then the status is 200
      And the parameter "value" is the int 12

    @id:files-bootstrap-and-provider @capability:route-files
    Scenario: files from the bootstrap sequence and from a provider are both loaded
      Given the route file "admin" loaded by the bootstrap sequence:
        """
        $router->get('/from-bootstrap', fn() => 'bootstrap');
        """
      And the route file "api" loaded by a service provider:
        """
        $router->get('/from-provider', fn() => 'provider');
        """
      When I request GET "/from-bootstrap"
      Then the body is "bootstrap"
      When I request GET "/from-provider"
      Then the body is "provider"

  @rule:files.only-web-default
  Rule: only routes/web is loaded by default

    # catches: auto-discovery that loads every file of routes/
    @id:files-unlisted-file-not-loaded @capability:route-files
    Scenario: a route file that nothing loads registers nothing
      Given the routes:
        """
        $router->get('/home', fn() => 'home');
        """
      And the route file "extra" that nothing loads:
        """
        $router->get('/extra', fn() => 'extra');
        """
      When I request GET "/extra"
      Then the status is 404
      And the trace is empty
      When I request GET "/home"
      Then the status is 200

    # catches: an unlisted file loaded, which would turn this 405 into a 200
    @id:files-unlisted-file-adds-no-method @capability:route-files
    Scenario: a method registered only in an unloaded file is not allowed
      Given the routes:
        """
        $router->get('/home', fn() => 'home');
        """
      And the route file "extra" that nothing loads:
        """
        $router->post('/home', fn() => 'posted');
        """
      When I request POST "/home"
      Then the status is 405
      And the Allow header lists exactly "GET"
      And the trace is empty

  @rule:files.shared-collection
  Rule: every loaded route file registers on the same router

    # catches: one router per file, so the Allow header only knows one file's methods
    @id:files-shared-allow-across-files @capability:route-files
    Scenario: methods registered for one URI in three files combine in the Allow header
      Given the routes:
        """
        $router->get('/shared', fn() => 'get');
        """
      And the route file "admin" loaded by the bootstrap sequence:
        """
        $router->post('/shared', fn() => 'post');
        """
      And the route file "api" loaded by a service provider:
        """
        $router->delete('/shared', fn() => 'delete');
        """
      When I request PUT "/shared"
      Then the status is 405
      And the Allow header lists exactly "GET, POST, DELETE"
      When I request POST "/shared"
      Then the body is "post"
      When I request DELETE "/shared"
      Then the body is "delete"

    @id:files-shared-names-across-files @capability:named-routes @capability:url-generation @capability:route-files
    Scenario: a name given in a provider-loaded file is usable for URL generation
      Given the route file "api" loaded by a service provider:
        """
        $router->get('/api/users/{id}', fn(...$args) => $args)->name('api.users');
        """
      When I generate the URL for "api.users" with {"id": 5}
      Then the URL is "/api/users/5"
