#!/usr/bin/env bash
# Starts the fw-conformance adapter for Laravel 8 (Debian's php-laravel-framework) under PHP's
# built-in server. The runner sets PORT, TOKEN and HOST; start.sh works from any directory.
#
#   PORT=8080 TOKEN=secret adapters/laravel/start.sh
#
# PHP_CLI_SERVER_WORKERS (default 4) lets php -S serve that many requests at once.
set -euo pipefail

here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
: "${PORT:?start.sh needs PORT (the port to listen on)}"
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "start.sh: PORT must be a number, got \"$PORT\"" >&2; exit 2; }
host="${HOST:-127.0.0.1}"
export PHP_CLI_SERVER_WORKERS="${PHP_CLI_SERVER_WORKERS:-4}"

# default_mimetype=: php -S would give every response without Content-Type the type text/html.
# display_errors=stderr: a PHP notice must never end up in a response body.
php_flags=(-d default_mimetype= -d expose_php=0 -d display_errors=stderr -d log_errors=0)

# The adapter's store (adapter/laravel.php, fw_store()): fresh for every start, in memory where
# Linux offers it (adapters/shared/php-server.sh).
. "$here/../shared/php-server.sh"
store="$(fw_store_base)/fw-laravel-$PORT"
export FW_LARAVEL_STORE="$store"
rm -rf -- "$store"
mkdir -p -- "$store"
# One autoloader instead of Debian's ~80 (adapters/shared/classmap.php); Debian's if that fails.
export FW_AUTOLOAD="$(fw_class_map /usr/share/php/Illuminate/autoload.php "$store/autoload.php" "${php_flags[@]}")"
php "${php_flags[@]}" "$here/adapter/warm.php"

# -q: no access-log lines (three per request) on stderr.
# -t: an empty document root, so that no request path names a file (php -S would make that file
# SCRIPT_NAME, and Symfony's Request would take it as the base path).
# opcache.preload: the framework classes warm.php's sample requests used, linked once for the
# server's life (adapter/preload.php); preload_user is required when PHP runs as root.
export FW_PRELOAD_LIST="$store/preload.list"
php "${php_flags[@]}" -d opcache.preload="$here/adapter/preload.php" -d opcache.preload_user="$(id -un)" \
    -q -S "$host:$PORT" -t "$store/docroot" "$here/adapter/index.php" &
server=$!

# The runner signals the whole process group. Signalled alone, php -S's parent exits and leaves
# its PHP_CLI_SERVER_WORKERS listening, so stop() ends the workers first, then the parent.
stop() {
    pkill -TERM -P "$server" 2>/dev/null || true
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -rf -- "$store"
    exit 0
}
trap stop TERM INT HUP

status=0
wait "$server" || status=$?
rm -rf -- "$store"
exit "$status"
