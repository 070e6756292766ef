<?php
// The manifest and URL-request checks of the PHP adapters: the PHP skeleton's own file, which
// `fw-conformance init --lang php` copies, so that the validator two real frameworks are certified
// with is the one every PHP adapter starts from.
require __DIR__ . '/../../conformance-runner/templates/php/skeleton/adapter/manifest.php';
