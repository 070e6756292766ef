<?php
// manifest.php: the checks of manifest.schema.json, url-request.schema.json and
// url-batch-request.schema.json, each answering [pointer, message] for the first bad field
// (protocol §2.3: the instance path a JSON Schema validator reports), or null. Debian ships no
// JSON Schema validator for draft 2020-12, so the schemas are checked by hand, keyword by keyword;
// a JSON Schema library can replace this file.
// Framework-neutral: `fw-conformance init --lang php` copies it, the Lumen and Laravel adapters
// load this very file (adapters/shared/manifest.php), and a test keeps docs/writing-an-adapter.md's
// copy identical to it. Every name starts with fw_, as it shares PHP's global namespace with the
// framework's helpers.
declare(strict_types=1);

const FW_FILE_NAME = '/^[a-z][a-z0-9_-]{0,63}$/D';
const FW_RESERVED = '#^/?__fw(/|$)#';

/** @return array{0: string, 1: string}|null */
function fw_manifest_error(string $raw): ?array
{
    $m = json_decode($raw);                                   // objects stay objects: {} is not []
    if (!$m instanceof stdClass) return ['', 'the manifest must be a JSON object'];
    foreach (['protocol', 'routeFiles'] as $required) {
        if (!property_exists($m, $required)) return ['', "the manifest needs \"$required\""];
    }
    if ($bad = fw_unexpected($m, ['protocol', 'routeFiles', 'bootstrap', 'providers'], '')) return $bad;
    if (!((is_int($m->protocol) || is_float($m->protocol)) && $m->protocol == 2)) return ['/protocol', 'protocol must be 2'];
    if (!$m->routeFiles instanceof stdClass) return ['/routeFiles', 'routeFiles must be an object'];
    if (!property_exists($m->routeFiles, 'web')) return ['/routeFiles', 'routeFiles must have "web"'];
    foreach ((array) $m->routeFiles as $name => $statements) {
        if (!preg_match(FW_FILE_NAME, (string) $name)) return ['/routeFiles', "route file name \"$name\" must match [a-z][a-z0-9_-]{0,63}"];
    }
    foreach ((array) $m->routeFiles as $name => $statements) {
        if ($bad = fw_statements_error($statements, '/routeFiles/' . fw_pointer_token((string) $name))) return $bad;
    }
    foreach (['bootstrap', 'providers'] as $list) {
        if (!property_exists($m, $list)) continue;
        if (!is_array($m->$list)) return ["/$list", "$list must be an array"];
        foreach ($m->$list as $i => $name) {
            if (!is_string($name) || !preg_match(FW_FILE_NAME, $name) || $name === 'web') return ["/$list/$i", 'must name a route file other than web'];
        }
        if (count(array_unique($m->$list)) !== count($m->$list)) return ["/$list", "$list must not name a file twice"];
    }
    return null;
}

/** url-request.schema.json: {app, name, params}. */
function fw_url_request_error(string $raw): ?array
{
    $r = json_decode($raw);                                   // objects stay objects: [] is not {}
    if (!$r instanceof stdClass) return ['', 'the body must be a JSON object'];
    foreach (['app', 'name', 'params'] as $required) {
        if (!property_exists($r, $required)) return ['', "the body needs \"$required\""];
    }
    if ($bad = fw_unexpected($r, ['app', 'name', 'params'], '')) return $bad;
    if (!is_string($r->app) || !preg_match('/^[A-Za-z0-9_-]{1,64}$/D', $r->app)) return ['/app', 'app must be an application id'];
    if (!is_string($r->name)) return ['/name', 'name must be a string'];
    if (!$r->params instanceof stdClass) return ['/params', 'params must be an object'];
    return null;
}

/** url-batch-request.schema.json: {app, questions: [{name, params}, ...]}, 1 to 64 questions. */
function fw_url_batch_request_error(string $raw): ?array
{
    $r = json_decode($raw);                                   // objects stay objects: [] is not {}
    if (!$r instanceof stdClass) return ['', 'the body must be a JSON object'];
    foreach (['app', 'questions'] as $required) {
        if (!property_exists($r, $required)) return ['', "the body needs \"$required\""];
    }
    if ($bad = fw_unexpected($r, ['app', 'questions'], '')) return $bad;
    if (!is_string($r->app) || !preg_match('/^[A-Za-z0-9_-]{1,64}$/D', $r->app)) return ['/app', 'app must be an application id'];
    if (!is_array($r->questions) || count($r->questions) < 1 || count($r->questions) > 64) return ['/questions', 'questions must be an array of 1 to 64 questions'];
    foreach ($r->questions as $i => $q) {
        $p = "/questions/$i";
        if (!$q instanceof stdClass) return [$p, 'a question must be an object'];
        foreach (['name', 'params'] as $required) {
            if (!property_exists($q, $required)) return [$p, "a question needs \"$required\""];
        }
        if ($bad = fw_unexpected($q, ['name', 'params'], $p)) return $bad;
        if (!is_string($q->name)) return ["$p/name", 'name must be a string'];
        if (!$q->params instanceof stdClass) return ["$p/params", 'params must be an object'];
    }
    return null;
}

function fw_statements_error(mixed $statements, string $at): ?array
{
    if (!is_array($statements)) return [$at, 'must be an array of statements'];
    foreach ($statements as $i => $s) {
        $p = "$at/$i";
        if (!$s instanceof stdClass) return [$p, 'a statement must be an object'];
        if (property_exists($s, 'group')) {
            if (!property_exists($s, 'routes')) return [$p, 'a group needs "routes"'];
            if ($bad = fw_unexpected($s, ['group', 'routes'], $p)) return $bad;
            if (!$s->group instanceof stdClass) return ["$p/group", 'must be an object'];
            if ($bad = fw_unexpected($s->group, ['prefix', 'middleware'], "$p/group")) return $bad;
            if (property_exists($s->group, 'prefix') && (!is_string($s->group->prefix) || preg_match(FW_RESERVED, $s->group->prefix))) {
                return ["$p/group/prefix", 'must be a string outside /__fw/'];
            }
            if (property_exists($s->group, 'middleware')) {
                if (!is_array($s->group->middleware)) return ["$p/group/middleware", 'must be an array of middleware names'];
                foreach ($s->group->middleware as $k => $name) {
                    if (!is_string($name) || $name === '') return ["$p/group/middleware/$k", 'must be a non-empty string'];
                }
            }
            if ($bad = fw_statements_error($s->routes, "$p/routes")) return $bad;
        } elseif (property_exists($s, 'resource')) {
            if (!property_exists($s, 'controller')) return [$p, 'a resource needs "controller"'];
            if ($bad = fw_unexpected($s, ['resource', 'controller'], $p)) return $bad;
            if (!is_string($s->resource) || $s->resource === '') return ["$p/resource", 'must be a non-empty string'];
            if (!is_string($s->controller) || $s->controller === '') return ["$p/controller", 'must be a non-empty string'];
        } else {
            foreach (['method', 'uri', 'handler'] as $required) {
                if (!property_exists($s, $required)) return [$p, "a route needs \"$required\""];
            }
            if ($bad = fw_unexpected($s, ['method', 'uri', 'handler', 'chain'], $p)) return $bad;
            if (!in_array($s->method, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], true)) return ["$p/method", 'method must be one of GET, POST, PUT, PATCH, DELETE'];
            if (!is_string($s->uri) || preg_match(FW_RESERVED, $s->uri)) return ["$p/uri", 'uri must be a string outside /__fw/'];
            if ($bad = fw_handler_error($s->handler, "$p/handler")) return $bad;
            if (property_exists($s, 'chain')) {
                if (!is_array($s->chain)) return ["$p/chain", 'chain must be an array'];
                foreach ($s->chain as $j => $call) {
                    $c = "$p/chain/$j";
                    if (!$call instanceof stdClass) return [$c, 'a chain call is an object'];
                    $members = array_keys((array) $call);
                    if (count($members) !== 1 || !in_array($members[0], ['middleware', 'name'], true)) return [$c, 'a chain call is {"middleware": ...} or {"name": ...}'];
                    if (isset($call->name) || property_exists($call, 'name')) {
                        if (!is_string($call->name)) return ["$c/name", 'name must be a string'];
                    } elseif (!fw_is_middleware($call->middleware)) {
                        return ["$c/middleware", 'middleware must be a non-empty string or an array of them'];
                    }
                }
            }
        }
    }
    return null;
}

function fw_is_middleware(mixed $m): bool
{
    if (is_string($m)) return $m !== '';
    if (!is_array($m)) return false;
    foreach ($m as $name) {
        if (!is_string($name) || $name === '') return false;
    }
    return true;
}

function fw_handler_error(mixed $h, string $p): ?array
{
    if (!$h instanceof stdClass) return [$p, 'handler must be an object'];
    if (property_exists($h, 'closure')) {
        if ($bad = fw_unexpected($h, ['closure', 'value'], $p)) return $bad;
        if (!in_array($h->closure, ['args', 'named', 'text', 'json'], true)) return ["$p/closure", 'closure must be args, named, text or json'];
        $valued = in_array($h->closure, ['text', 'json'], true);
        if ($valued !== property_exists($h, 'value')) return [$p, "a {$h->closure} closure " . ($valued ? 'needs a value' : 'has no value')];
        return $h->closure === 'text' && !is_string($h->value) ? ["$p/value", 'must be a string'] : null;
    }
    foreach (['controller', 'action'] as $required) {
        if (!property_exists($h, $required)) return [$p, 'a controller handler needs a controller and an action'];
    }
    if ($bad = fw_unexpected($h, ['controller', 'action'], $p)) return $bad;
    foreach (['controller', 'action'] as $member) {
        if (!is_string($h->$member) || $h->$member === '') return ["$p/$member", 'must be a non-empty string'];
    }
    return null;
}

function fw_unexpected(stdClass $object, array $allowed, string $p): ?array
{
    $extra = array_diff(array_keys((array) $object), $allowed);
    return $extra ? [$p, 'unexpected member "' . reset($extra) . '"'] : null;
}

/** RFC 6901: "~" and "/" in a member name. */
function fw_pointer_token(string $name): string
{
    return strtr($name, ['~' => '~0', '/' => '~1']);
}
