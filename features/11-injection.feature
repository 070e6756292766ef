Feature: Method injection in action methods
  The ControllerDispatcher resolves each parameter of an action by name and type: a captured route
  parameter by name (cast when typed int, float or bool), a FormRequest (validated before the
  action), a Model (validateAndBind), any other class from the container. $request is optional;
  controllers are built by the container, so constructor injection is available.

  @rule:injection.route-param
  Rule: a parameter named like a route parameter receives its value

    # catches: actions that receive nothing or the whole parameter map
    @id:injection-route-param-string
    Scenario: string $value receives {value}
      Given the routes:
        """
        $router->get('/s/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/s/abc"
      Then the status is 200
      And the action "EchoController@string" received:
        | name  | type   | value |
        | value | string | "abc" |

    # catches: a URI value tested for truthiness, so that "0" or "false" gives way to the default
    Scenario Outline: withDefault(string $slug = 'default') on /d/{slug} receives "<value>" from the URI
      Given the routes:
        """
        $router->get('/d/{slug}', [EchoController::class, 'withDefault']);
        """
      When I request GET "/d/<value>"
      Then the status is 200
      And the action "EchoController@withDefault" received:
        | name | type   | value     |
        | slug | string | "<value>" |

      @id:injection-route-param-zero-beats-default
      Examples:
        | value |
        | 0     |

      @id:injection-route-param-false-beats-default
      Examples:
        | value |
        | false |

    @id:injection-route-param-mixed @capability:injection
    Scenario: int $id and string $slug each receive their own value, cast by their own type
      Given the routes:
        """
        $router->get('/m/{id}/{slug}', [EchoController::class, 'mixed']);
        """
      When I request GET "/m/12/hello"
      Then the action "EchoController@mixed" received:
        | name | type   | value   |
        | id   | int    | 12      |
        | slug | string | "hello" |

  @rule:injection.cast-int
  Rule: int-typed parameters are cast to int

    # catches: values passed on as strings
    @capability:injection
    Scenario Outline: "<segment>" reaches int $value as <expected>
      Given the routes:
        """
        $router->get('/i/{value}', [EchoController::class, 'int']);
        """
      When I request GET "/i/<segment>"
      Then the status is 200
      And the parameter "value" is the int <expected>

      @id:injection-int-42
      Examples:
        | segment | expected |
        | 42      | 42       |

      @id:injection-int-zero
      Examples:
        | segment | expected |
        | 0       | 0        |

      @id:injection-int-large
      Examples:
        | segment | expected  |
        | 2147483 | 2147483   |

    @id:injection-int-with-constraint @capability:injection
    Scenario: a constrained {value:[0-9]+} is cast too
      Given the routes:
        """
        $router->get('/i/{value:[0-9]+}', [EchoController::class, 'int']);
        """
      When I request GET "/i/7"
      Then the parameter "value" is the int 7

  @rule:injection.int-forms
  Rule: signs and leading zeros cast like numbers

    # catches: casts that drop the sign or read leading zeros as octal
    @capability:injection
    Scenario Outline: "<segment>" reaches int $value as <expected>
      Given the routes:
        """
        $router->get('/i/{value}', [EchoController::class, 'int']);
        """
      When I request GET "/i/<segment>"
      Then the status is 200
      And the parameter "value" is the int <expected>

      @id:injection-int-negative
      Examples:
        | segment | expected |
        | -3      | -3       |

      @id:injection-int-leading-zeros
      Examples:
        | segment | expected |
        | 007     | 7        |

      @id:injection-int-leading-zeros-eight
      Examples:
        | segment | expected |
        | 010     | 10       |

  @rule:injection.cast-float
  Rule: float-typed parameters are cast to float

    # catches: values passed on as strings or truncated to int
    @capability:injection
    Scenario Outline: "<segment>" reaches float $value as <expected>
      Given the routes:
        """
        $router->get('/f/{value}', [EchoController::class, 'float']);
        """
      When I request GET "/f/<segment>"
      Then the status is 200
      And the parameter "value" is the float <expected>

      @id:injection-float-fraction
      Examples:
        | segment | expected |
        | 1.5     | 1.5      |

      @id:injection-float-integer-text
      Examples:
        | segment | expected |
        | 2       | 2        |

      @id:injection-float-negative
      Examples:
        | segment | expected |
        | -0.25   | -0.25    |

  @rule:injection.cast-bool
  Rule: bool-typed parameters are cast to bool

    # catches: values passed on as strings
    @capability:injection
    Scenario Outline: "<segment>" reaches bool $value as <expected>
      Given the routes:
        """
        $router->get('/b/{value}', [EchoController::class, 'bool']);
        """
      When I request GET "/b/<segment>"
      Then the status is 200
      And the parameter "value" is the bool <expected>

      @id:injection-bool-one
      Examples:
        | segment | expected |
        | 1       | true     |

      @id:injection-bool-zero
      Examples:
        | segment | expected |
        | 0       | false    |

  @rule:injection.bool-words
  Rule: "true" and "false" cast to their meaning

    # catches: PHP's (bool) cast, for which "false" is true
    @capability:injection
    Scenario Outline: "<segment>" reaches bool $value as <expected>
      Given the routes:
        """
        $router->get('/b/{value}', [EchoController::class, 'bool']);
        """
      When I request GET "/b/<segment>"
      Then the status is 200
      And the parameter "value" is the bool <expected>

      @id:injection-bool-word-true
      Examples:
        | segment | expected |
        | true    | true     |

      @id:injection-bool-word-false
      Examples:
        | segment | expected |
        | false   | false    |

  @rule:injection.string-not-cast
  Rule: string-typed parameters receive the text unchanged

    # catches: numeric-looking strings turned into numbers whatever the declared type
    Scenario Outline: "<segment>" reaches string $value unchanged
      Given the routes:
        """
        $router->get('/s/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/s/<segment>"
      Then the parameter "value" is the string "<segment>"

      @id:injection-string-leading-zeros
      Examples:
        | segment |
        | 007     |

      @id:injection-string-decimal
      Examples:
        | segment |
        | 1.50    |

      @id:injection-string-bool-word
      Examples:
        | segment |
        | false   |

  @rule:injection.untyped-string
  Rule: untyped parameters receive the string

    # catches: a type guessed from the value
    Scenario Outline: "<segment>" reaches untyped $value as a string
      Given the routes:
        """
        $router->get('/u/{value}', [EchoController::class, 'untyped']);
        """
      When I request GET "/u/<segment>"
      Then the parameter "value" is the string "<segment>"

      @id:injection-untyped-digits
      Examples:
        | segment |
        | 42      |

      @id:injection-untyped-bool-word
      Examples:
        | segment |
        | true    |

  @rule:injection.cast-failure
  Rule: a value that cannot be cast answers 400 (reference)

    @capability:injection
    Scenario Outline: "<segment>" for <type> $value answers 400
      Given the routes:
        """
        $router->get('/x/{value}', [EchoController::class, '<type>']);
        """
      When I request GET "/x/<segment>"
      Then the status is 400
      And the JSON body is {"message":"Route parameter \"value\" must be <type>"}
      And the trace does not contain "action:EchoController@<type>"

      @id:injection-cast-failure-int-letters
      Examples:
        | type | segment |
        | int  | abc     |

      @id:injection-cast-failure-int-fraction
      Examples:
        | type | segment |
        | int  | 1.5     |

      @id:injection-cast-failure-int-beyond-safe
      Examples:
        | type | segment          |
        | int  | 9007199254740992 |

      @id:injection-cast-failure-float
      Examples:
        | type  | segment |
        | float | 1.2.3   |

      @id:injection-cast-failure-float-overflow
      Examples:
        | type  | segment |
        | float | 1e999   |

      @id:injection-cast-failure-bool
      Examples:
        | type | segment |
        | bool | maybe   |

  @rule:injection.cast-forms
  Rule: accepted number forms and bool words (reference)

    @capability:injection
    Scenario Outline: "<segment>" reaches <type> $value as <expected>
      Given the routes:
        """
        $router->get('/x/{value}', [EchoController::class, '<type>']);
        """
      When I request GET "/x/<segment>"
      Then the status is 200
      And the parameter "value" is the <type> <expected>

      @id:injection-forms-int-plus
      Examples:
        | type | segment | expected |
        | int  | +7      | 7        |

      @id:injection-forms-int-largest-safe
      Examples:
        | type | segment          | expected         |
        | int  | 9007199254740991 | 9007199254740991 |

      @id:injection-forms-float-exponent
      Examples:
        | type  | segment | expected |
        | float | 1e3     | 1000     |

      @id:injection-forms-float-leading-dot
      Examples:
        | type  | segment | expected |
        | float | .5      | 0.5      |

      @id:injection-forms-float-negative-zero
      Examples:
        | type  | segment | expected |
        | float | -0      | 0        |

      @id:injection-forms-float-trailing-dot
      Examples:
        | type  | segment | expected |
        | float | 3.      | 3        |

      @id:injection-forms-bool-on
      Examples:
        | type | segment | expected |
        | bool | on      | true     |

      @id:injection-forms-bool-off
      Examples:
        | type | segment | expected |
        | bool | off     | false    |

      @id:injection-forms-bool-yes-upper
      Examples:
        | type | segment | expected |
        | bool | YES     | true     |

      @id:injection-forms-bool-no-mixed
      Examples:
        | type | segment | expected |
        | bool | No      | false    |

      @id:injection-forms-bool-false-upper
      Examples:
        | type | segment | expected |
        | bool | FALSE   | false    |

  @rule:injection.form-request
  Rule: a FormRequest is resolved and validated before the action

    # catches: FormRequests never validated, or validated after the action
    @id:injection-form-request-valid @capability:form-requests
    Scenario: StoreItemRequest is validated, then the action receives it
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"name": "Box", "qty": 3}
        """
      Then the status is 200
      And the parameter "form" is the StoreItemRequest with the fields:
        """
        {"name": "Box", "qty": 3}
        """
      And the trace is "validate:StoreItemRequest, action:EchoController@withForm"

    @id:injection-form-request-optional-field @capability:form-requests
    Scenario: the optional qty may be left out
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"name": "Box"}
        """
      Then the status is 200
      And the parameter "form" is the StoreItemRequest with the fields:
        """
        {"name": "Box"}
        """

    @id:injection-form-request-with-middleware @capability:route-middleware @capability:form-requests
    Scenario: validation runs inside the middleware, right before the action
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm'])->middleware('TraceA');
        """
      When I request POST "/items" with the JSON body:
        """
        {"name": "Box"}
        """
      Then the trace is "mw:TraceA:before, validate:StoreItemRequest, action:EchoController@withForm, mw:TraceA:after"

  @rule:injection.form-request-failure
  Rule: a failed validation answers 422 and the action does not run (reference)

    @capability:form-requests
    Scenario Outline: <body> answers 422
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        <body>
        """
      Then the status is 422
      And the JSON body contains:
        """
        {"message": "The given data was invalid.", "errors": {}}
        """
      And the trace is "validate:StoreItemRequest"

      @id:injection-form-request-missing-name
      Examples:
        | body         |
        | {"qty": 3}   |

      @id:injection-form-request-empty-name
      Examples:
        | body          |
        | {"name": ""}  |

      @id:injection-form-request-bad-qty
      Examples:
        | body                        |
        | {"name": "Box", "qty": "x"} |

    @id:injection-form-request-errors-field @capability:form-requests
    Scenario: the errors name the failing field
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"qty": 3}
        """
      Then the status is 422
      And the JSON body is:
        """
        {"message": "The given data was invalid.", "errors": {"name": ["The name field is required."]}}
        """

  @rule:injection.validation-rules
  Rule: name is required|string and qty is integer, with Laravel's messages (reference)

    @capability:form-requests
    Scenario Outline: <body> answers 422 with the errors <errors>
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        <body>
        """
      Then the status is 422
      And the JSON body is:
        """
        {"message": "The given data was invalid.", "errors": <errors>}
        """
      And the trace is "validate:StoreItemRequest"

      @id:injection-validation-name-number
      Examples:
        | body          | errors                                         |
        | {"name": 5}   | {"name": ["The name field must be a string."]} |

      @id:injection-validation-name-list
      Examples:
        | body              | errors                                         |
        | {"name": ["Box"]} | {"name": ["The name field must be a string."]} |

      @id:injection-validation-name-empty-list
      Examples:
        | body         | errors                                    |
        | {"name": []} | {"name": ["The name field is required."]} |

      @id:injection-validation-name-blank
      Examples:
        | body            | errors                                    |
        | {"name": "   "} | {"name": ["The name field is required."]} |

      @id:injection-validation-name-null
      Examples:
        | body           | errors                                    |
        | {"name": null} | {"name": ["The name field is required."]} |

      @id:injection-validation-qty-fraction
      Examples:
        | body                        | errors                                         |
        | {"name": "Box", "qty": 1.5} | {"qty": ["The qty field must be an integer."]} |

      @id:injection-validation-qty-fraction-text
      Examples:
        | body                          | errors                                         |
        | {"name": "Box", "qty": "1.5"} | {"qty": ["The qty field must be an integer."]} |

      @id:injection-validation-qty-bool
      Examples:
        | body                         | errors                                         |
        | {"name": "Box", "qty": true} | {"qty": ["The qty field must be an integer."]} |

      @id:injection-validation-qty-list
      Examples:
        | body                        | errors                                         |
        | {"name": "Box", "qty": [1]} | {"qty": ["The qty field must be an integer."]} |

      @id:injection-validation-both-fields
      Examples:
        | body                       | errors                                                                                          |
        | {"name": 5, "qty": "abc"}  | {"name": ["The name field must be a string."], "qty": ["The qty field must be an integer."]} |

    @capability:form-requests
    Scenario Outline: <body> passes and the action receives <validated>
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        <body>
        """
      Then the status is 200
      And the parameter "form" is the StoreItemRequest with:
        """
        <validated>
        """

      @id:injection-validation-qty-integer-text
      Examples:
        | body                         | validated                    |
        | {"name": "Box", "qty": "12"} | {"name": "Box", "qty": "12"} |

      @id:injection-validation-qty-negative-text
      Examples:
        | body                         | validated                    |
        | {"name": "Box", "qty": "-3"} | {"name": "Box", "qty": "-3"} |

      @id:injection-validation-qty-null-skipped
      Examples:
        | body                         | validated                    |
        | {"name": "Box", "qty": null} | {"name": "Box", "qty": null} |

      @id:injection-validation-qty-empty-skipped
      Examples:
        | body                       | validated                  |
        | {"name": "Box", "qty": ""} | {"name": "Box", "qty": ""} |

      @id:injection-validation-unruled-field-dropped
      Examples:
        | body                             | validated       |
        | {"name": "Box", "color": "red"}  | {"name": "Box"} |

  @rule:injection.model
  Rule: a Model parameter is hydrated by validateAndBind before the action

    # catches: models injected empty, or bound after the action
    @id:injection-model-json-body @capability:models
    Scenario: Item is bound from a JSON body
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"name": "Lamp", "qty": 2}
        """
      Then the status is 200
      And the parameter "item" is the Item with the fields:
        """
        {"name": "Lamp", "qty": 2}
        """
      And the trace is "bind:Item, action:EchoController@withModel"

  @rule:injection.model-sources
  Rule: Model hydration reads the request data wherever it is

    # catches: binding that only reads the JSON body
    @id:injection-model-form-body @capability:models
    Scenario: Item is bound from a form body
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the form body "name=Desk+lamp"
      Then the status is 200
      And the parameter "item" is the Item with the fields:
        """
        {"name": "Desk lamp"}
        """

    @id:injection-model-query @capability:models
    Scenario: Item is bound from the query string
      Given the routes:
        """
        $router->get('/items', [EchoController::class, 'withModel']);
        """
      When I request GET "/items?name=Lamp"
      Then the status is 200
      And the parameter "item" is the Item with the fields:
        """
        {"name": "Lamp"}
        """

  @rule:injection.media-type-case
  Rule: the body's media type is recognised case-insensitively, parameters aside

    # catches: a Content-Type compared as an exact string, so a body with a charset or in capitals is ignored
    @capability:models
    Scenario Outline: a body of type "<type>" is read
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the body "<body>" of type "<type>"
      Then the status is 200
      And the parameter "item" is the Item with the fields:
        """
        {"name": "Lamp", "qty": <qty>}
        """

      @id:injection-media-type-json-capitals
      Examples:
        | type                            | body                          | qty |
        | Application/JSON; charset=UTF-8 | {\"name\":\"Lamp\",\"qty\":2} | 2   |

      @id:injection-media-type-form-capitals
      Examples:
        | type                                             | body            | qty |
        | APPLICATION/X-WWW-FORM-URLENCODED; charset=UTF-8 | name=Lamp&qty=2 | "2" |

  @rule:injection.data-as-sent
  Rule: validated data and model attributes hold exactly the fields sent, as sent (reference)

    @id:injection-data-as-sent-validated-optional-absent @capability:form-requests
    Scenario: a StoreItemRequest without qty holds no qty field
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"name": "Box"}
        """
      Then the parameter "form" is the StoreItemRequest with:
        """
        {"name": "Box"}
        """

    @id:injection-data-as-sent-model-form-text @capability:models
    Scenario: an Item bound from a form body keeps qty as the text sent
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the form body "name=Lamp&qty=2"
      Then the parameter "item" is the Item with:
        """
        {"name": "Lamp", "qty": "2"}
        """

  @rule:injection.body-types
  Rule: only JSON and form bodies are input; other bodies are left out (reference)

    @id:injection-body-types-structured-json-suffix @capability:models
    Scenario: an application/vnd.api+json body is read as JSON
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items?name=Query" with the body "{\"name\":\"Body\"}" of type "application/vnd.api+json"
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        {"name": "Body"}
        """

    @capability:models
    Scenario Outline: a <type> body is not input: the query alone is bound
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items?name=Query" with the body "<body>" of type "<type>"
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        {"name": "Query"}
        """

      @id:injection-body-types-text-plain
      Examples:
        | type       | body      |
        | text/plain | name=Body |

      @id:injection-body-types-octet-stream
      Examples:
        | type                     | body                  |
        | application/octet-stream | {\"name\":\"Body\"} |

    @id:injection-body-types-no-content-type @capability:models
    Scenario: a body without Content-Type is not input
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items?name=Query" with the body "{\"name\":\"Body\"}" and no content type
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        {"name": "Query"}
        """

  @rule:injection.query-parsing
  Rule: query strings and form bodies are parsed like PHP's $_GET and $_POST (reference)

    @capability:models
    Scenario Outline: GET "<path>" binds the Item <item>
      Given the routes:
        """
        $router->get('/items', [EchoController::class, 'withModel']);
        """
      When I request GET "<path>"
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        <item>
        """

      @id:injection-query-plus-is-space
      Examples:
        | path                  | item                    |
        | /items?name=Desk+lamp | {"name": "Desk lamp"}   |

      @id:injection-query-percent-decoded
      Examples:
        | path                      | item                 |
        | /items?name=Caf%C3%A9%2B1 | {"name": "Café+1"}   |

      @id:injection-query-repeated-key-last-wins
      Examples:
        | path                         | item              |
        | /items?name=First&name=Last  | {"name": "Last"}  |

      @id:injection-query-key-without-value
      Examples:
        | path                 | item                        |
        | /items?qty&name=Lamp | {"name": "Lamp", "qty": ""} |

      @id:injection-query-empty-pair-skipped
      Examples:
        | path                    | item                         |
        | /items?name=Lamp&&qty=2 | {"name": "Lamp", "qty": "2"} |

      @id:injection-query-malformed-escape-kept
      Examples:
        | path             | item              |
        | /items?name=%zz  | {"name": "%zz"}   |

    # a key[] key collects an array, which the string rule then rejects
    @id:injection-query-brackets-collect-array @capability:models
    Scenario: ?name[]=a&name[]=b gives name a list
      Given the routes:
        """
        $router->get('/items', [EchoController::class, 'withModel']);
        """
      When I request GET "/items?name[]=a&name[]=b"
      Then the status is 422
      And the JSON body is:
        """
        {"message": "The given data was invalid.", "errors": {"name": ["The name field must be a string."]}}
        """
      And the trace is "bind:Item"

    @id:injection-query-brackets-in-form-body @capability:models
    Scenario: qty[]=1 in a form body gives qty a list
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the form body "name=Lamp&qty[]=1"
      Then the status is 422
      And the JSON body is:
        """
        {"message": "The given data was invalid.", "errors": {"qty": ["The qty field must be an integer."]}}
        """

  @rule:injection.input-merge
  Rule: the query is merged with the body, the body winning (reference)

    @id:injection-input-merge-body-wins @capability:models
    Scenario: name in both the query and the JSON body: the body wins
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items?name=Query" with the JSON body:
        """
        {"name": "Body", "qty": 2}
        """
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        {"name": "Body", "qty": 2}
        """

    @id:injection-input-merge-both-sources @capability:models
    Scenario: name from the query, qty from the JSON body
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items?name=Query" with the JSON body:
        """
        {"qty": 2}
        """
      Then the status is 200
      And the parameter "item" is the Item with:
        """
        {"name": "Query", "qty": 2}
        """

  @rule:injection.model-failure
  Rule: a Model that fails to bind answers 422 and the action does not run (reference)

    @id:injection-model-invalid @capability:models
    Scenario: an Item without a name answers 422
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" with the JSON body:
        """
        {"qty": 2}
        """
      Then the status is 422
      And the JSON body contains:
        """
        {"message": "The given data was invalid.", "errors": {"name": []}}
        """
      And the trace is "bind:Item"

  @rule:injection.invalid-stops-action
  Rule: a FormRequest or Model that fails validation stops the request before the action, with a 4xx

    # catches: validation that records its errors but lets the action run
    @id:injection-invalid-form-stops-action @capability:form-requests
    Scenario: a StoreItemRequest without a name never reaches the action
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" as a JSON client with the body:
        """
        {"qty": 2}
        """
      Then the status is a client error
      And the trace does not contain "action:EchoController@withForm"

    # catches: model binding whose failure is ignored, so the action gets an empty Item
    @id:injection-invalid-model-stops-action @capability:models
    Scenario: an Item without a name never reaches the action
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withModel']);
        """
      When I request POST "/items" as a JSON client with the body:
        """
        {"qty": 2}
        """
      Then the status is a client error
      And the trace does not contain "action:EchoController@withModel"

  @rule:injection.container-class
  Rule: any other class-typed parameter comes from the container

    # catches: class-typed parameters left null
    @id:injection-container-clock @capability:injection
    Scenario: Clock $clock is built by the container
      Given the routes:
        """
        $router->get('/clock', [EchoController::class, 'withService']);
        """
      When I request GET "/clock"
      Then the status is 200
      And the action "EchoController@withService" received:
        | name  | type  | value   |
        | clock | Clock | "clock" |

    # catches: a class-typed parameter instantiated without its constructor (its properties filled
    # from the request input instead)
    @id:injection-container-constructor-dependency @capability:injection
    Scenario: Calendar $calendar is built by the container, its Clock given to its constructor
      Given the routes:
        """
        $router->get('/calendar', [EchoController::class, 'withCalendar']);
        """
      When I request GET "/calendar?clock=input&calendar=input"
      Then the status is 200
      And the parameter "calendar" is the Calendar with:
        """
        {"clock": {"type": "Clock", "value": "clock"}}
        """

  @rule:injection.request
  Rule: a Request parameter receives the current request

    # catches: a fresh, empty Request instead of the current one
    @id:injection-request-get @capability:injection
    Scenario: Request $request is the GET request being served
      Given the routes:
        """
        $router->get('/req/{id}', [EchoController::class, 'withRequest']);
        """
      When I request GET "/req/7?tab=1"
      Then the status is 200
      And the parameter "request" is the Request for GET "/req/7"

    @id:injection-request-post @capability:injection
    Scenario: Request $request is the POST request being served
      Given the routes:
        """
        $router->post('/req/{id}', [EchoController::class, 'withRequest']);
        """
      When I request POST "/req/9"
      Then the parameter "request" is the Request for POST "/req/9"

  @rule:injection.request-optional
  Rule: $request is optional

    # catches: a dispatcher that always passes the Request first
    @id:injection-request-not-declared
    Scenario: an action without $request receives only what it declares
      Given the routes:
        """
        $router->get('/s/{value}', [EchoController::class, 'string']);
        """
      When I request GET "/s/x"
      Then the action "EchoController@string" received:
        | name  | type   | value |
        | value | string | "x"   |

    @id:injection-no-parameters
    Scenario: an action without parameters receives none
      Given the routes:
        """
        $router->get('/none/{ignored}', [EchoController::class, 'none']);
        """
      When I request GET "/none/x"
      Then the action "EchoController@none" received no parameters

  @rule:injection.any-position
  Rule: resolution does not depend on the position in the signature

    # catches: resolution by position
    @id:injection-request-first @capability:injection
    Scenario: withRequest(Request $request, string $id)
      Given the routes:
        """
        $router->get('/req/{id}', [EchoController::class, 'withRequest']);
        """
      When I request GET "/req/7"
      Then the action "EchoController@withRequest" received:
        | name    | type    | value                               |
        | request | Request | {"method": "GET", "path": "/req/7"} |
        | id      | string  | "7"                                 |

    @id:injection-request-last @capability:injection
    Scenario: requestLast(string $id, Request $request)
      Given the routes:
        """
        $router->get('/req/{id}', [EchoController::class, 'requestLast']);
        """
      When I request GET "/req/7"
      Then the action "EchoController@requestLast" received:
        | name    | type    | value                               |
        | id      | string  | "7"                                 |
        | request | Request | {"method": "GET", "path": "/req/7"} |

  @rule:injection.request-named
  Rule: a class-typed parameter named like a route parameter is resolved by type (reference)

    @id:injection-request-named-route-param @capability:injection
    Scenario: {request} in the URI does not replace Request $request
      Given the routes:
        """
        $router->get('/rn/{request}', [EchoController::class, 'requestNamed']);
        """
      When I request GET "/rn/abc"
      Then the status is 200
      And the parameter "request" is the Request for GET "/rn/abc"

  @rule:injection.constructor
  Rule: controllers are built by the container

    # catches: controllers instantiated without their constructor dependencies
    @id:injection-constructor-clock @capability:injection
    Scenario: InjectedController receives a Clock in its constructor
      Given the routes:
        """
        $router->get('/inj/{id}', [InjectedController::class, 'show']);
        """
      When I request GET "/inj/5"
      Then the status is 200
      And the action "InjectedController@show" received:
        | name | type   | value |
        | id   | string | "5"   |
      And the constructor received the Clock
      And the trace, constructors aside, is "action:InjectedController@show"

  @rule:injection.controller-per-request
  Rule: the container builds the controller for each request that reaches it (reference)

    @id:injection-controller-per-request @capability:injection
    Scenario: InjectedController is constructed for each of two requests
      Given the routes:
        """
        $router->get('/inj/{id}', [InjectedController::class, 'show']);
        """
      When I request GET "/inj/5"
      Then the trace is "ctor:InjectedController, action:InjectedController@show"
      When I request GET "/inj/6"
      Then the trace is "ctor:InjectedController, action:InjectedController@show"

  @rule:injection.unprovided-parameter
  Rule: a builtin parameter without default that the URI cannot provide fails at registration (reference)

    @id:injection-unprovided-parameter-rejected @capability:injection
    Scenario: [EchoController::class, 'int'] on a route without {value} fails at boot
      Given the routes:
        """
        $router->get('/fine/{value}', [EchoController::class, 'int']);
        $router->get('/needs-value', [EchoController::class, 'int']);
        """
      Then the application fails to boot with a message containing "/needs-value"

  @rule:injection.default-value
  Rule: an unresolved parameter takes its default value

    # catches: null or "" passed instead of the declared default
    @id:injection-default-without-route-param
    Scenario: withDefault(string $slug = 'default') on a route without {slug}
      Given the routes:
        """
        $router->get('/d', [EchoController::class, 'withDefault']);
        """
      When I request GET "/d"
      Then the status is 200
      And the parameter "slug" is the string "default"

    @id:injection-default-overridden
    Scenario: the route parameter wins over the default
      Given the routes:
        """
        $router->get('/d/{slug}', [EchoController::class, 'withDefault']);
        """
      When I request GET "/d/given"
      Then the parameter "slug" is the string "given"
