Feature: Base controller helpers
  Extending Fw\Http\Controller is optional. Its protected helpers: response($content = '',
  $status = 200, $headers = []) (a ResponseFactory when called without arguments), json($data = [],
  $status = 200, $headers = []), redirect($url, $status = 302) and view($name, $data = [],
  $status = 200, $headers = []). The base controller has no validate() or authorize() method.

  @rule:helpers.optional-base
  Rule: extending the base controller is optional

    # catches: a dispatcher that requires the base class
    @id:helpers-plain-controller-dispatched
    Scenario: PlainController, which does not extend Controller, is dispatched next to one that does
      Given the routes:
        """
        $router->get('/plain', [PlainController::class, 'hello']);
        $router->get('/based', [EchoController::class, 'none']);
        """
      When I request GET "/plain"
      Then the status is 200
      And the body is "hello"
      When I request GET "/based"
      Then the action "EchoController@none" ran

  @rule:helpers.response
  Rule: response($content) is a text/html Response with status 200

    # catches: a response() helper with another default status or type
    @id:helpers-response-content @capability:base-controller
    Scenario: $this->response('helper')
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'responseContent']);
        """
      When I request GET "/h"
      Then the status is 200
      And the content type is "text/html"
      And the body is "helper"
      And the trace is "action:HelperController@responseContent"

  @rule:helpers.response-full
  Rule: response($content, $status, $headers) sets status and headers

    @id:helpers-response-full @capability:base-controller
    Scenario: $this->response('made', 201, ['X-Probe' => 'helper'])
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'responseFull']);
        """
      When I request GET "/h"
      Then the status is 201
      And the header "X-Probe" is "helper"
      And the body is "made"

  @rule:helpers.response-factory
  Rule: response() without arguments returns a ResponseFactory

    # catches: response() returning an empty Response
    @id:helpers-response-factory-json @capability:base-controller @capability:factory-content @needs:factory.json
    Scenario: $this->response()->json(['factory' => true], 201) is a JSON response
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'responseFactory']);
        """
      When I request GET "/h"
      Then the content type is "application/json"
      And the JSON body is {"factory":true}

  @rule:helpers.factory-json-status
  Rule: ResponseFactory::json takes the status second (reference)

    @id:helpers-response-factory-status @capability:base-controller @capability:factory-content
    Scenario: $this->response()->json(['factory' => true], 201) answers 201
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'responseFactory']);
        """
      When I request GET "/h"
      Then the status is 201

  @rule:helpers.json-default
  Rule: json() is a 200 JsonResponse with the empty array

    # catches: json() defaulting to null, {} or another status
    @id:helpers-json-default @capability:base-controller
    Scenario: $this->json()
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'jsonDefault']);
        """
      When I request GET "/h"
      Then the status is 200
      And the JSON body is []
      And the content type is "application/json"

  @rule:helpers.json-full
  Rule: json($data, $status, $headers)

    @id:helpers-json-full @capability:base-controller
    Scenario: $this->json(['a' => 1], 202, ['X-Probe' => 'helper'])
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'jsonFull']);
        """
      When I request GET "/h"
      Then the status is 202
      And the header "X-Probe" is "helper"
      And the content type is "application/json"
      And the JSON body is {"a":1}

  @rule:helpers.redirect
  Rule: redirect($url) is a 302 redirect

    # catches: redirects defaulting to 301 or 303
    @id:helpers-redirect-default @capability:base-controller
    Scenario: $this->redirect('/target')
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'redirectDefault']);
        """
      When I request GET "/h"
      Then the status is 302
      And the Location header refers to "/target"

  @rule:helpers.redirect-status
  Rule: redirect($url, $status)

    @id:helpers-redirect-status @capability:base-controller
    Scenario: $this->redirect('/target', 307)
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'redirectStatus']);
        """
      When I request GET "/h"
      Then the status is 307
      And the Location header refers to "/target"

  @rule:helpers.redirect-location-as-given
  Rule: the Location of a redirect is the URL exactly as given (reference)

    @id:helpers-redirect-location-as-given @capability:base-controller
    Scenario: $this->redirect('/target') sends Location: /target
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'redirectDefault']);
        """
      When I request GET "/h"
      Then the header "Location" is "/target"

  @rule:helpers.view
  Rule: view($name, $data) wraps the rendered view in a 200 text/html Response

    # catches: view() returning the template unrendered or with another type
    @id:helpers-view-default @capability:views @capability:base-controller
    Scenario: $this->view('hello', ['name' => 'World'])
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'viewDefault']);
        """
      When I request GET "/h"
      Then the status is 200
      And the content type is "text/html"
      And the body is "<p>Hello, World!</p>"

  @rule:helpers.view-full
  Rule: view($name, $data, $status, $headers)

    @id:helpers-view-full @capability:views @capability:base-controller
    Scenario: $this->view('hello', ['name' => '<b>'], 203, ['X-Probe' => 'helper'])
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'viewFull']);
        """
      When I request GET "/h"
      Then the status is 203
      And the header "X-Probe" is "helper"
      And the body is "<p>Hello, &lt;b&gt;!</p>"

  @rule:helpers.view-renders
  Rule: a view renders the data it is given

    # catches: a view system that ignores the data or returns the template unrendered
    @id:helpers-view-renders-data @capability:views
    Scenario: the hello view rendered with a name, without the base controller
      Given the routes:
        """
        $router->get('/v', [ViewController::class, 'render']);
        """
      When I request GET "/v"
      Then the status is 200
      And the content type is "text/html"
      And the body is "<p>Hello, Views &amp; &lt;co&gt;!</p>"
      And the trace is "action:ViewController@render"

    # catches: escaping that holds for the first render only (a compiled template cached unescaped,
    # or escaping state kept between renders)
    @id:helpers-view-renders-repeatedly @capability:views
    Scenario: the same view rendered three times in one application escapes its data every time
      Given the routes:
        """
        $router->get('/v', [ViewController::class, 'render']);
        """
      When I request GET "/v"
      Then the body is "<p>Hello, Views &amp; &lt;co&gt;!</p>"
      When I request GET "/v"
      Then the body is "<p>Hello, Views &amp; &lt;co&gt;!</p>"
      When I request GET "/v"
      Then the status is 200
      And the body is "<p>Hello, Views &amp; &lt;co&gt;!</p>"

  @rule:helpers.no-validate-authorize
  Rule: the base controller has no validate() or authorize()

    # catches: a Laravel-style base class with validate()/authorize()
    @id:helpers-no-validate-authorize @capability:base-controller
    Scenario: HelperController has neither method, inherited or not
      Given the routes:
        """
        $router->get('/h', [HelperController::class, 'introspect']);
        """
      When I request GET "/h"
      Then the status is 200
      And the JSON body contains:
        """
        {"validate": false, "authorize": false}
        """
