Feature: What the service does: explicit routing to controller actions
  Every route is registered by hand; there is no convention-based or attribute-based discovery.
  A controller's public methods (actions) are the final destination of a request after routing
  and middleware.

  @rule:overview.explicit-only
  Rule: Routing is explicit only

    # catches: convention routing that maps /<controller>/<action> (or /<action>) to a public method
    Scenario Outline: PlainController@hidden is public but reached under no URI (<path>)
      Given the routes:
        """
        $router->get('/plain/hello', [PlainController::class, 'hello']);
        """
      When I request GET "<path>"
      Then the status is 404
      And the trace is empty

      @id:overview-hidden-by-controller-path
      Examples:
        | path          |
        | /plain/hidden |

      @id:overview-hidden-by-class-name
      Examples:
        | path                    |
        | /PlainController/hidden |

      @id:overview-hidden-by-method-name
      Examples:
        | path    |
        | /hidden |

      @id:overview-hidden-by-dashed-class
      Examples:
        | path                    |
        | /plain-controller/hidden |

    # catches: a framework that registers controller actions found in the catalog on its own
    @id:overview-no-routes-nothing-reachable
    Scenario: with no routes registered, not even the catalog's routable-looking actions are reachable
      Given no routes
      When I request GET "/plain/hello"
      Then the status is 404
      And the trace is empty
      When I request GET "/"
      Then the status is 404

    # catches: discovery that adds the sibling action of a routed controller
    @id:overview-routed-sibling-stays-hidden
    Scenario: routing one action of a controller does not expose its other public actions
      Given the routes:
        """
        $router->get('/plain/{action}', [PlainController::class, 'hello']);
        """
      When I request GET "/plain/hidden"
      Then the status is 200
      And the body is "hello"
      And the trace is "action:PlainController@hello"

  @rule:overview.controller-destination
  Rule: A matched request reaches its controller action, whose return value is the response

    @id:overview-action-returns-response
    Scenario: PlainController@hello answers with what it returns
      Given the routes:
        """
        $router->get('/plain/hello', [PlainController::class, 'hello']);
        """
      When I request GET "/plain/hello"
      Then the status is 200
      And the body is "hello"
      And the trace is "action:PlainController@hello"

    # catches: a dispatcher that invokes the first action of the class, or a fixed method
    @id:overview-each-route-its-action
    Scenario: two routes to two actions of one controller each reach their own action
      Given the routes:
        """
        $router->get('/echo/none', [EchoController::class, 'none']);
        $router->get('/echo/string/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/echo/none"
      Then the status is 200
      And the action "EchoController@none" received no parameters
      And the trace is "action:EchoController@none"
      When I request GET "/echo/string/abc"
      Then the status is 200
      And the parameter "value" is the string "abc"
      And the trace is "action:EchoController@string"
