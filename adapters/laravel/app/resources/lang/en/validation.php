<?php

// The messages of the rules StoreItemRequest uses, in Laravel 8's English wording. The Debian
// package ships the framework without an application's resources/lang (README.md).
return [
    'integer' => 'The :attribute must be an integer.',
    'required' => 'The :attribute field is required.',
    'string' => 'The :attribute must be a string.',
    'attributes' => [],
];
