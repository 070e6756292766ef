Feature: Conversion of an action's return value
  A Response (or JsonResponse, RedirectResponse) is sent as it is; an array or JSON-serializable
  object becomes a JsonResponse with status 200; a string or other scalar is cast to string and
  wrapped in a text/html Response.

  Rule: responses are sent as they are

    # catches: a converter that re-wraps Response objects or resets their status
    @id:conversion-response-as-is @rule:conversion.response
    Scenario: new Response('response body', 201, ['X-Probe' => 'response'])
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'response']);
        """
      When I request GET "/r"
      Then the status is 201
      And the header "X-Probe" is "response"
      And the content type is "text/html"
      And the body is "response body"
      And the trace is "action:ReturnController@response"

    @id:conversion-json-response-as-is @rule:conversion.json-response
    Scenario: new JsonResponse(['kind' => 'json'], 202)
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'jsonResponse']);
        """
      When I request GET "/r"
      Then the status is 202
      And the content type is "application/json"
      And the JSON body is {"kind":"json"}

    @id:conversion-redirect-response-as-is @rule:conversion.redirect-response
    Scenario: new RedirectResponse('/redirected', 301)
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'redirectResponse']);
        """
      When I request GET "/r"
      Then the status is 301
      And the Location header refers to "/redirected"

  Rule: arrays and JSON-serializable objects become JSON with status 200

    # catches: arrays cast to the string "Array" or sent as text
    @id:conversion-array @rule:conversion.array
    Scenario: a map becomes a JSON object
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'array']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is {"kind":"array","list":[1,2,3]}

    # catches: lists converted to objects with numeric keys
    @id:conversion-list @rule:conversion.list
    Scenario: a list becomes a JSON array
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'list']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is [1,2,3]

    # catches: objects stringified ("[object Object]") or rejected
    @id:conversion-object @rule:conversion.object
    Scenario: a JSON-serializable object becomes its JSON
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'object']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is {"kind":"object"}

  Rule: strings and other scalars become text/html responses

    # catches: strings sent as text/plain or JSON-encoded
    @id:conversion-string @rule:conversion.string
    Scenario: 'plain string'
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'string']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is "plain string"

    # catches: an empty string treated as "no response"
    @id:conversion-empty-string @rule:conversion.empty-string
    Scenario: ''
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'emptyString']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is empty

    # catches: numbers sent as JSON
    @id:conversion-int @rule:conversion.int
    Scenario: 42
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'int']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is "42"

    @id:conversion-float @rule:conversion.float
    Scenario: 1.5
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'float']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is "1.5"

  @rule:conversion.bool
  Rule: booleans are cast like PHP (reference)

    @id:conversion-true
    Scenario: true becomes "1"
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'true']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is "1"

    @id:conversion-false
    Scenario: false becomes ""
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'false']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is empty

  @rule:conversion.null
  Rule: null becomes an empty response (reference)

    @id:conversion-null
    Scenario: null
      Given the routes:
        """
        $router->get('/r', [ReturnController::class, 'null']);
        """
      When I request GET "/r"
      Then the status is 200
      And the content type is "text/html"
      And the body is empty

  @rule:conversion.closure
  Rule: closure return values are converted the same way

    # catches: conversion applied to controller actions only
    @id:conversion-closure-string @needs:conversion.string
    Scenario: a closure's string becomes text/html
      Given the routes:
        """
        $router->get('/c', fn() => 'from closure');
        """
      When I request GET "/c"
      Then the status is 200
      And the content type is "text/html"
      And the body is "from closure"

    # catches: a falsy return value (0, "0") taken for "nothing returned" and sent as an empty body;
    # the body is checked before the content type, so that this fault shows even where text/html fails too
    @id:conversion-closure-zero-int @needs:conversion.string
    Scenario: a closure returning the integer 0 answers "0"
      Given the routes:
        """
        $router->get('/z', fn() => 0);
        """
      When I request GET "/z"
      Then the status is 200
      And the body is "0"
      And the content type is "text/html"

    @id:conversion-closure-zero-string @needs:conversion.string
    Scenario: a closure returning the string '0' answers "0"
      Given the routes:
        """
        $router->get('/z', fn() => '0');
        """
      When I request GET "/z"
      Then the status is 200
      And the body is "0"
      And the content type is "text/html"

    @id:conversion-closure-array @needs:conversion.array
    Scenario: a closure's array becomes JSON with status 200
      Given the routes:
        """
        $router->get('/c', fn() => ['from' => 'closure', 'list' => []]);
        """
      When I request GET "/c"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is {"from":"closure","list":[]}

    @id:conversion-closure-list @needs:conversion.list
    Scenario: a closure's list becomes a JSON array
      Given the routes:
        """
        $router->get('/c', fn() => ['a', 'b']);
        """
      When I request GET "/c"
      Then the content type is "application/json"
      And the JSON body is ["a","b"]

  @rule:conversion.json-types
  Rule: the JSON keeps each value's type: booleans stay booleans, null members stay

    # catches: a serializer that writes true and false as 1 and 0 (or "1" and "")
    @id:conversion-json-booleans @needs:conversion.closure
    Scenario: a closure's map with true and false becomes JSON with true and false
      Given the routes:
        """
        $router->get('/b', fn() => ['yes' => true, 'no' => false]);
        """
      When I request GET "/b"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is {"yes":true,"no":false}

    # catches: a serializer that leaves out members whose value is null
    @id:conversion-json-null-member @needs:conversion.closure
    Scenario: a closure's map with a null member keeps it
      Given the routes:
        """
        $router->get('/n', fn() => ['name' => 'x', 'note' => null]);
        """
      When I request GET "/n"
      Then the status is 200
      And the content type is "application/json"
      And the JSON body is {"name":"x","note":null}

  @rule:conversion.empty-array
  Rule: an empty array is still JSON with status 200

    # catches: an empty array taken for "nothing returned" (an empty body, a 204, text/html)
    @id:conversion-empty-list @needs:conversion.closure
    Scenario: a closure returning [] answers the JSON []
      Given the routes:
        """
        $router->get('/e', fn() => []);
        """
      When I request GET "/e"
      Then the status is 200
      And the JSON body is []
      And the content type is "application/json"

    @id:conversion-empty-map @needs:conversion.closure
    Scenario: a closure returning an empty map answers {} (or [], PHP's one empty array)
      Given the routes:
        """
        $router->get('/e', fn() => (object) []);
        """
      When I request GET "/e"
      Then the status is 200
      And the JSON body is an empty map or list
      And the content type is "application/json"
