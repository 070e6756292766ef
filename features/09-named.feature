Feature: Named routes
  Route::name(<string>) assigns a name; UrlGenerator::route(<name>, <parameters>) returns the path
  of the named route.

  @rule:named.name
  Rule: name() makes a route resolvable by its name

    # catches: names stored but not resolvable
    @id:named-static-route @capability:named-routes @capability:url-generation
    Scenario: the name of a static route resolves to its path
      Given the routes:
        """
        $router->get('/about', fn() => 'about')->name('about');
        """
      When I generate the URL for "about"
      Then the URL is "/about"

    @id:named-param-route @capability:named-routes @capability:url-generation
    Scenario: the name of a parameter route resolves to its filled path
      Given the routes:
        """
        $router->get('/users/{id}', fn(...$args) => $args)->name('users.show');
        """
      When I generate the URL for "users.show" with {"id": "7"}
      Then the URL is "/users/7"

    # catches: a name resolving to the first or last registered route
    @id:named-each-name-its-route @capability:named-routes @capability:url-generation
    Scenario: each name resolves to its own route
      Given the routes:
        """
        $router->get('/first', fn() => '1')->name('first');
        $router->post('/second', fn() => '2')->name('second');
        $router->get('/third', fn() => '3')->name('third');
        """
      When I generate the URL for "second"
      Then the URL is "/second"
      When I generate the URL for "first"
      Then the URL is "/first"
      When I generate the URL for "third"
      Then the URL is "/third"

    @id:named-dotted-and-dashed-names @capability:named-routes @capability:url-generation
    Scenario: names with dots, dashes and underscores are plain strings
      Given the routes:
        """
        $router->get('/a', fn() => 'a')->name('admin.users-list_all');
        """
      When I generate the URL for "admin.users-list_all"
      Then the URL is "/a"

  @rule:named.unknown
  Rule: a name that no route has cannot be turned into a URL

    # catches: a generator that returns "", "/" or the name for an unknown route
    @id:named-unknown-name-fails @capability:named-routes @capability:url-generation
    Scenario: an unknown name fails
      Given the routes:
        """
        $router->get('/about', fn() => 'about')->name('about');
        """
      When I generate the URL for "nope"
      Then URL generation fails

    @id:named-unnamed-route-has-no-name @capability:url-generation
    Scenario: a route without a name is not found under its path
      Given the routes:
        """
        $router->get('/about', fn() => 'about');
        """
      When I generate the URL for "/about"
      Then URL generation fails

    @id:named-names-are-case-sensitive @capability:named-routes @capability:url-generation
    Scenario: names are compared exactly
      Given the routes:
        """
        $router->get('/about', fn() => 'about')->name('about');
        """
      When I generate the URL for "About"
      Then URL generation fails

    # A name is unknown whatever the reason: here its file was never loaded (decision 56: how generation
    # fails for an unknown name is the reference's choice, decision 46).
    @id:named-unlisted-file-name-unknown @capability:named-routes @capability:url-generation @capability:route-files
    Scenario: a name given in an unloaded file is not known to URL generation
      Given the routes:
        """
        $router->get('/home', fn() => 'home')->name('home');
        """
      And the route file "extra" that nothing loads:
        """
        $router->get('/extra', fn() => 'extra')->name('extra');
        """
      When I generate the URL for "extra"
      Then URL generation fails
      When I generate the URL for "home"
      Then the URL is "/home"

  @rule:named.unknown-message
  Rule: the message for an unknown name (reference)

    @id:named-unknown-message @capability:url-generation
    Scenario: "Route [nope] not defined."
      Given no routes
      When I generate the URL for "nope"
      Then URL generation fails with the message "Route [nope] not defined."

  @rule:named.group-prefix
  Rule: the URL of a named route in a group carries the group prefixes

    # catches: URLs built from the route's own URI without the prefix
    @id:named-group-prefix @capability:groups @capability:named-routes @capability:url-generation
    Scenario: /admin + /users/{id}
      Given the routes:
        """
        $router->group(['prefix' => '/admin'], function ($router) {
            $router->get('/users/{id}', fn(...$args) => $args)->name('admin.users');
        });
        """
      When I generate the URL for "admin.users" with {"id": "3"}
      Then the URL is "/admin/users/3"

    @id:named-nested-group-prefixes @capability:groups @capability:named-routes @capability:url-generation
    Scenario: /api + /v1 + /items
      Given the routes:
        """
        $router->group(['prefix' => '/api'], function ($router) {
            $router->group(['prefix' => '/v1'], function ($router) {
                $router->get('/items', fn() => 'items')->name('api.items');
            });
        });
        """
      When I generate the URL for "api.items"
      Then the URL is "/api/v1/items"

  @rule:named.duplicate
  Rule: a name given to two routes is a registration error (reference)

    @id:named-duplicate-name @capability:named-routes
    Scenario: the second route named "dup" fails at boot
      Given the routes:
        """
        $router->get('/first-dup', fn() => 'a')->name('dup');
        $router->get('/second-dup', fn() => 'b')->name('dup');
        """
      Then the application fails to boot with a message containing "/second-dup"

  @rule:named.rename
  Rule: naming a route again replaces its name (reference)

    @id:named-rename-old-name-freed @capability:named-routes @capability:url-generation
    Scenario: ->name('old')->name('new'): only "new" generates a URL
      Given the routes:
        """
        $router->get('/renamed', fn() => 'renamed')->name('old')->name('new');
        """
      When I generate the URL for "new"
      Then the URL is "/renamed"
      When I generate the URL for "old"
      Then URL generation fails with the message "Route [old] not defined."

    @id:named-rename-old-name-reusable @capability:named-routes @capability:url-generation
    Scenario: the name a route gave up can be given to another route
      Given the routes:
        """
        $router->get('/first', fn() => 'first')->name('shared')->name('first');
        $router->get('/second', fn() => 'second')->name('shared');
        """
      When I generate the URL for "shared"
      Then the URL is "/second"
      When I generate the URL for "first"
      Then the URL is "/first"

  @rule:named.empty-name
  Rule: an empty name is a registration error (reference)

    @id:named-empty-name @capability:named-routes
    Scenario: ->name('') fails at boot
      Given the routes:
        """
        $router->get('/unnamed', fn() => 'a')->name('');
        """
      Then the application fails to boot with a message containing "/unnamed"
