<?php
// adapter/manifest.php: the checks of manifest.schema.json, each answering the pointer of the
// first bad field (§2.3). A JSON Schema library for draft 2020-12 can replace it.
// Taken unchanged from docs/writing-an-adapter.md (framework-neutral).
declare(strict_types=1);

function manifest_error(string $raw): ?array {
    $m = json_decode($raw);                               // objects stay objects: {} is not []
    if (!$m instanceof stdClass) return ['', 'the manifest must be a JSON object'];
    if ($bad = unexpected($m, ['protocol', 'routeFiles', 'bootstrap', 'providers'], '')) return $bad;
    if (($m->protocol ?? null) !== 2) return [isset($m->protocol) ? '/protocol' : '', 'protocol must be 2'];
    if (!($m->routeFiles ?? null) instanceof stdClass) return [isset($m->routeFiles) ? '/routeFiles' : '', 'routeFiles must be an object'];
    if (!isset($m->routeFiles->web)) return ['/routeFiles', 'routeFiles must have "web"'];
    foreach ($m->routeFiles as $name => $statements) {
        if (!preg_match('/^[a-z][a-z0-9_-]{0,63}$/D', (string) $name)) return ['/routeFiles', "route file name \"$name\" must match [a-z][a-z0-9_-]{0,63}"];
        if ($bad = statements_error($statements, "/routeFiles/$name")) return $bad;
    }
    foreach (['bootstrap', 'providers'] as $list) {
        if (!isset($m->$list)) continue;
        if (!is_array($m->$list) || count(array_unique($m->$list, SORT_REGULAR)) !== count($m->$list)) return ["/$list", "$list must be an array of distinct names"];
        foreach ($m->$list as $i => $name) {
            if (!is_string($name) || $name === 'web') return ["/$list/$i", 'must name a route file other than web'];
        }
    }
    return null;
}

function statements_error(mixed $statements, string $at): ?array {
    if (!is_array($statements)) return [$at, 'must be an array of statements'];
    foreach ($statements as $i => $s) {
        $p = "$at/$i";
        if (!$s instanceof stdClass) return [$p, 'a statement must be an object'];
        if (isset($s->group)) {
            if ($bad = unexpected($s, ['group', 'routes'], $p)) return $bad;
            if (!$s->group instanceof stdClass) return ["$p/group", 'must be an object'];
            if ($bad = unexpected($s->group, ['prefix', 'middleware'], "$p/group")) return $bad;
            if (isset($s->group->prefix) && (!is_string($s->group->prefix) || reserved($s->group->prefix))) return ["$p/group/prefix", 'must be a string outside /__fw/'];
            if (isset($s->group->middleware) && !is_array($s->group->middleware)) return ["$p/group/middleware", 'must be an array'];
            if ($bad = statements_error($s->routes ?? null, isset($s->routes) ? "$p/routes" : $p)) return $bad;
        } elseif (isset($s->resource)) {
            if ($bad = unexpected($s, ['resource', 'controller'], $p)) return $bad;
            if (!is_string($s->resource) || $s->resource === '') return ["$p/resource", 'must be a non-empty string'];
            if (!is_string($s->controller ?? null)) return [isset($s->controller) ? "$p/controller" : $p, 'controller must be a string'];
        } else {
            if ($bad = unexpected($s, ['method', 'uri', 'handler', 'chain'], $p)) return $bad;
            if (!in_array($s->method ?? null, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], true)) return [isset($s->method) ? "$p/method" : $p, 'method must be one of GET, POST, PUT, PATCH, DELETE'];
            if (!is_string($s->uri ?? null) || reserved($s->uri)) return [isset($s->uri) ? "$p/uri" : $p, 'uri must be a string outside /__fw/'];
            if ($bad = handler_error($s->handler ?? null, isset($s->handler) ? "$p/handler" : $p)) return $bad;
            foreach ($s->chain ?? [] as $j => $call) {
                $calls = $call instanceof stdClass ? array_keys((array) $call) : [];
                if (count($calls) !== 1 || !in_array($calls[0], ['middleware', 'name'], true)) return ["$p/chain/$j", 'a chain call is {"middleware": ...} or {"name": ...}'];
                $v = $call->{$calls[0]};
                if (!(is_string($v) || ($calls[0] === 'middleware' && is_array($v)))) return ["$p/chain/$j/$calls[0]", "$calls[0] must be a string"];
            }
        }
    }
    return null;
}

function handler_error(mixed $h, string $p): ?array {
    if (!$h instanceof stdClass) return [$p, 'handler must be an object'];
    if (!isset($h->closure)) {
        if ($bad = unexpected($h, ['controller', 'action'], $p)) return $bad;
        return is_string($h->controller ?? null) && is_string($h->action ?? null) ? null : [$p, 'handler needs a controller and an action'];
    }
    if ($bad = unexpected($h, ['closure', 'value'], $p)) return $bad;
    if (!in_array($h->closure, ['args', 'named', 'text', 'json'], true)) return ["$p/closure", 'closure must be args, named, text or json'];
    $valued = in_array($h->closure, ['text', 'json'], true);
    if ($valued !== property_exists($h, 'value')) return [$p, "a {$h->closure} closure " . ($valued ? 'needs a value' : 'has no value')];
    return $h->closure === 'text' && !is_string($h->value) ? ["$p/value", 'must be a string'] : null;
}

function unexpected(stdClass $object, array $allowed, string $p): ?array {
    $extra = array_diff(array_keys((array) $object), $allowed);
    return $extra ? [$p, 'unexpected member "' . reset($extra) . '"'] : null;
}

function reserved(string $uri): bool {
    return (bool) preg_match('#^/?__fw(/|$)#', $uri);
}
