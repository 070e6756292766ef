Feature: Resource registration
  resource(<name>, <controller class>) registers seven routes with their names; the controller
  implements index, create, store, show, edit, update and destroy (the last four take $id).

  Background:
    Given the routes:
      """
      $router->resource('photos', PhotoController::class);
      """

  @rule:resources.routes
  Rule: resource() registers the seven routes of the spec's table

    # catches: a resource() that misses a route, or maps it to another action, method or path
    @capability:resources
    Scenario Outline: <METHOD> <path> reaches PhotoController@<action>
      When I request <METHOD> "<path>"
      Then the status is 200
      And the action "PhotoController@<action>" ran
      And the trace is "action:PhotoController@<action>"

      @id:resources-route-index
      Examples:
        | METHOD | path    | action |
        | GET    | /photos | index  |

      @id:resources-route-create
      Examples:
        | METHOD | path           | action |
        | GET    | /photos/create | create |

      @id:resources-route-store
      Examples:
        | METHOD | path    | action |
        | POST   | /photos | store  |

      @id:resources-route-show
      Examples:
        | METHOD | path      | action |
        | GET    | /photos/7 | show   |

      @id:resources-route-edit
      Examples:
        | METHOD | path           | action |
        | GET    | /photos/7/edit | edit   |

      @id:resources-route-update
      Examples:
        | METHOD | path      | action |
        | PUT    | /photos/7 | update |

      @id:resources-route-destroy
      Examples:
        | METHOD | path      | action |
        | DELETE | /photos/7 | destroy |

  @rule:resources.id-param
  Rule: show, edit, update and destroy receive $id from the URI

    # catches: resource actions that receive no id, or another segment
    @capability:resources
    Scenario Outline: <METHOD> <path> gives PhotoController@<action> the id "<id>"
      When I request <METHOD> "<path>"
      Then the status is 200
      And the action "PhotoController@<action>" received:
        | name | type   | value  |
        | id   | string | "<id>" |

      @id:resources-id-show
      Examples:
        | METHOD | path         | action | id  |
        | GET    | /photos/42   | show   | 42  |

      @id:resources-id-edit
      Examples:
        | METHOD | path              | action | id  |
        | GET    | /photos/abc/edit  | edit   | abc |

      @id:resources-id-update
      Examples:
        | METHOD | path        | action | id |
        | PUT    | /photos/9   | update | 9  |

      @id:resources-id-destroy
      Examples:
        | METHOD | path         | action  | id  |
        | DELETE | /photos/x-1  | destroy | x-1 |

    @id:resources-index-no-params @capability:resources
    Scenario: index, create and store receive no parameters
      When I request GET "/photos"
      Then the action "PhotoController@index" received no parameters
      When I request GET "/photos/create"
      Then the action "PhotoController@create" received no parameters
      When I request POST "/photos"
      Then the action "PhotoController@store" received no parameters

  @rule:resources.create-not-show
  Rule: /photos/create reaches create, not show

    # catches: show registered before create, or a matcher that prefers the parameter route
    @id:resources-create-not-show @capability:resources
    Scenario: GET /photos/create is not show with id "create"
      When I request GET "/photos/create"
      Then the status is 200
      And the action "PhotoController@create" received no parameters

    @id:resources-create-only-for-get @capability:resources
    Scenario: PUT /photos/create is update with id "create" (create is a GET route only)
      When I request PUT "/photos/create"
      Then the status is 200
      And the action "PhotoController@update" received:
        | name | type   | value    |
        | id   | string | "create" |

  @rule:resources.only-seven
  Rule: resource() registers nothing beyond the seven routes

    @id:resources-collection-allow @capability:resources
    Scenario: the collection URI /photos exists for GET and POST only
      When I request DELETE "/photos"
      Then the status is 405
      And the Allow header lists exactly "GET, POST"

    @id:resources-member-allow @capability:resources
    Scenario: the member URI /photos/{id} exists for GET, PUT and DELETE
      When I request POST "/photos/7"
      Then the status is 405
      And the Allow header lists exactly "GET, PUT, DELETE"

    # catches: frameworks that also register PATCH for update
    @id:resources-no-patch @capability:resources
    Scenario: PATCH /photos/7 is not allowed
      When I request PATCH "/photos/7"
      Then the status is 405
      And the Allow header lists exactly "GET, PUT, DELETE"
      And the trace is empty

    @capability:resources
    Scenario Outline: <METHOD> <path> matches no resource route
      When I request <METHOD> "<path>"
      Then the status is 404
      And the trace is empty

      @id:resources-no-delete-path
      Examples:
        | METHOD | path             |
        | GET    | /photos/7/delete |

      @id:resources-no-singular
      Examples:
        | METHOD | path     |
        | GET    | /photo/7 |

      @id:resources-no-nested-member
      Examples:
        | METHOD | path            |
        | GET    | /photos/7/edit/x |

    @id:resources-edit-get-only @capability:resources
    Scenario: /photos/{id}/edit exists for GET only
      When I request PUT "/photos/7/edit"
      Then the status is 405
      And the Allow header lists exactly "GET"

  @rule:resources.id-name
  Rule: the parameter of the resource routes is named id, as in the table's /{name}/{id}

    # catches: a parameter named after the resource ({photo}), so the URL cannot be generated from id
    @capability:resources @capability:url-generation
    Scenario Outline: the URL of photos.<action> is generated from the parameter id
      When I generate the URL for "photos.<action>" with {"id": 7}
      Then the URL is "<url>"

      @id:resources-id-name-show
      Examples:
        | action | url       |
        | show   | /photos/7 |

      @id:resources-id-name-edit
      Examples:
        | action | url            |
        | edit   | /photos/7/edit |

  @rule:resources.names
  Rule: the seven routes are named <name>.<action>

    # catches: unnamed resource routes, or names built another way (photos_show, photo.show)
    @capability:resources @capability:url-generation
    Scenario Outline: the route name photos.<action> resolves to <url>
      When I generate the URL for "photos.<action>" with <params>
      Then the URL is "<url>"

      @id:resources-name-index
      Examples:
        | action | params | url     |
        | index  | {}     | /photos |

      @id:resources-name-create
      Examples:
        | action | params | url            |
        | create | {}     | /photos/create |

      @id:resources-name-store
      Examples:
        | action | params | url     |
        | store  | {}     | /photos |

      @id:resources-name-show @needs:resources.id-name
      Examples:
        | action | params      | url       |
        | show   | {"id": 7}   | /photos/7 |

      @id:resources-name-edit @needs:resources.id-name
      Examples:
        | action | params      | url            |
        | edit   | {"id": 7}   | /photos/7/edit |

      @id:resources-name-update @needs:resources.id-name
      Examples:
        | action | params      | url       |
        | update | {"id": 7}   | /photos/7 |

      @id:resources-name-destroy @needs:resources.id-name
      Examples:
        | action | params      | url       |
        | destroy | {"id": 7}  | /photos/7 |

    @id:resources-name-round-trip @capability:resources @capability:url-generation @needs:resources.id-name
    Scenario: the URL of photos.edit leads back to PhotoController@edit with the same id
      When I generate the URL for "photos.edit" with {"id": "abc"}
      And I request GET the generated URL
      Then the action "PhotoController@edit" received:
        | name | type   | value |
        | id   | string | "abc" |

    @id:resources-two-resources-names @capability:resources @capability:url-generation @needs:resources.id-name
    Scenario: two resources keep their own names
      Given the routes:
        """
        $router->resource('videos', PhotoController::class);
        """
      When I generate the URL for "videos.show" with {"id": 3}
      Then the URL is "/videos/3"
      When I generate the URL for "photos.show" with {"id": 3}
      Then the URL is "/photos/3"
