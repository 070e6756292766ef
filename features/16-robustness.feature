Feature: Limits and robustness
  The spec shows no limits. What an HTTP server has to decide anyway is checked at the reference
  level, with the reference's choices (docs/decisions.md 16, 26, 31, 32).

  @rule:robustness.uri-too-long
  Rule: the request target may be 8192 bytes long (reference)

    @id:robustness-uri-too-long
    Scenario: a request target of 8193 bytes answers 414
      Given the routes:
        """
        $router->get('/long/{value}', fn(...$args) => $args);
        """
      When I request GET a path of 8193 characters starting with "/long/"
      Then the status is 414
      And the JSON body is {"message":"URI Too Long"}
      And the trace is empty

    @id:robustness-uri-longest-allowed
    Scenario: a request target of exactly 8192 bytes is served
      Given the routes:
        """
        $router->get('/long/{value}', fn() => 'long');
        """
      When I request GET a path of 8192 characters starting with "/long/"
      Then the status is 200
      And the body is "long"

    @id:robustness-uri-too-long-head
    Scenario: HEAD with a request target of 8193 bytes answers 414 without a body
      Given the routes:
        """
        $router->get('/long/{value}', fn() => 'long');
        """
      When I request HEAD a path of 8193 characters starting with "/long/"
      Then the status is 414
      And the body is empty
      And the header "Content-Length" is "26"
      And the trace is empty

    @id:robustness-uri-query-counts
    Scenario: the query string counts towards the limit
      Given the routes:
        """
        $router->get('/long', fn() => 'long');
        """
      When I request GET a path of 8193 characters starting with "/long?q="
      Then the status is 414

  @rule:robustness.body-too-large
  Rule: bodies up to 1 MiB (reference)

    @id:robustness-body-too-large
    Scenario: a body of 1 MiB + 1 byte answers 413
      Given the routes:
        """
        $router->post('/upload', fn() => 'ok');
        """
      When I request POST "/upload" with a body of 1048577 bytes
      Then the status is 413
      And the JSON body is {"message":"Payload Too Large"}
      And the trace is empty

    # A chunked body announces no length: the limit must hold while it streams in.
    @id:robustness-body-too-large-chunked
    Scenario: a chunked body of 1 MiB + 1 byte answers 413
      Given the routes:
        """
        $router->post('/upload', fn() => 'ok');
        """
      When I request POST "/upload" with a chunked body of 1048577 bytes
      Then the status is 413
      And the JSON body is {"message":"Payload Too Large"}
      And the trace is empty

    @id:robustness-body-largest-allowed-chunked
    Scenario: a chunked body of exactly 1 MiB is accepted
      Given the routes:
        """
        $router->post('/upload', fn() => 'ok');
        """
      When I request POST "/upload" with a chunked body of 1048576 bytes
      Then the status is 200
      And the body is "ok"

    @id:robustness-body-largest-allowed
    Scenario: a body of exactly 1 MiB is accepted
      Given the routes:
        """
        $router->post('/upload', fn() => 'ok');
        """
      When I request POST "/upload" with a body of 1048576 bytes
      Then the status is 200
      And the body is "ok"

  @rule:robustness.malformed-json
  Rule: malformed JSON answers 400 when the application reads it (reference)

    @id:robustness-malformed-json-form-request @capability:form-requests
    Scenario: a FormRequest route given "{bad"
      Given the routes:
        """
        $router->post('/items', [EchoController::class, 'withForm']);
        """
      When I request POST "/items" with the body "{bad" of type "application/json"
      Then the status is 400
      And the JSON body is {"message":"Malformed JSON body"}
      And the trace does not contain "action:EchoController@withForm"

    @id:robustness-malformed-json-unread
    Scenario: a route that never reads the body is not affected
      Given the routes:
        """
        $router->post('/ignore', fn() => 'ignored');
        """
      When I request POST "/ignore" with the body "{bad" of type "application/json"
      Then the status is 200
      And the body is "ignored"
