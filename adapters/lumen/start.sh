#!/usr/bin/env bash
# Starts the Lumen 8 adapter (adapter protocol 2) under PHP's built-in server.
# The runner sets PORT and TOKEN (and HOST, default 127.0.0.1); works from any current directory.
set -euo pipefail

here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
: "${PORT:?PORT must be set (the runner sets it)}"
host="${HOST:-127.0.0.1}"
. "$here/../shared/php-server.sh"

# Everything the adapter writes (stored manifests, Lumen's storage) lives here, per port: in memory
# where Linux offers it (adapters/shared/php-server.sh), and removed when the adapter stops, unless
# FW_LUMEN_STORE names it.
own_store=""
if [ -z "${FW_LUMEN_STORE:-}" ]; then
  FW_LUMEN_STORE="$(fw_store_base)/fw-lumen-$PORT"
  own_store=1
fi
export FW_LUMEN_STORE
# An empty document root: php -S must find no file there, or a path naming one changes SCRIPT_NAME,
# which Symfony's Request (and so Lumen) takes as the application's base path.
docroot="$FW_LUMEN_STORE/docroot"
mkdir -p "$docroot"
if [ -n "$(ls -A "$docroot")" ]; then
  echo "start.sh: $docroot must be empty" >&2
  exit 1
fi

# Several worker processes, so that the runner's --parallel requests are served at once.
export PHP_CLI_SERVER_WORKERS="${PHP_CLI_SERVER_WORKERS:-4}"

# One autoloader instead of Debian's ~80 (adapters/shared/classmap.php); Debian's if that fails.
export FW_AUTOLOAD="$(fw_class_map Laravel/Lumen/autoload.php "$FW_LUMEN_STORE/autoload.php" -d display_errors=stderr)"

# The framework classes a request uses, preloaded once for the server's life (adapter/preload.php).
export FW_PRELOAD_LIST="$FW_LUMEN_STORE/preload.list"
php -d display_errors=stderr "$here/adapter/preload-list.php" > "$FW_PRELOAD_LIST"

# -d default_mimetype=  no text/html default for responses without Content-Type (protocol §3.1)
# -d opcache.enable=1   keep Lumen's compiled files between requests (about 2 ms instead of 25 ms
#                       per request); it is the default for php -S, made explicit here
# -d expose_php=0       no X-Powered-By header: only Lumen's headers (and php -S's own) reach the suite
# -d display_errors=stderr  a PHP notice must never end up in a response body
# -d opcache.preload=   see above; preload_user is required when PHP runs as root (ignored otherwise)
# -q                    no access-log line per request on stderr
php -d default_mimetype= -d opcache.enable=1 -d expose_php=0 -d display_errors=stderr \
    -d opcache.preload="$here/adapter/preload.php" -d opcache.preload_user="$(id -un)" \
    -q -S "$host:$PORT" -t "$docroot" "$here/adapter/index.php" &
server=$!

# The store chosen above goes when the adapter stops. Lumen's log (every exception it rendered, the
# quickest way to see why a scenario got a 500) goes beside the run's reports, in FW_LOG_DIR
# (protocol §1), as framework.log; without FW_LOG_DIR it goes with the store: nothing is left behind.
remove_store() {
  [ -n "$own_store" ] || return 0
  local log="$FW_LUMEN_STORE/storage/logs/lumen.log"
  if [ -s "$log" ] && [ -n "${FW_LOG_DIR:-}" ]; then
    mkdir -p -- "$FW_LOG_DIR" && mv -f -- "$log" "$FW_LOG_DIR/framework.log" || true
  fi
  rm -rf -- "$FW_LUMEN_STORE"
}

# Exit promptly and with 0 when the runner stops the adapter (SIGTERM to the process group).
# Signalled alone (not its process group, as the runner does), php -S's parent exits and leaves its
# PHP_CLI_SERVER_WORKERS listening: the workers are ended first.
stop() {
  pkill -TERM -P "$server" 2>/dev/null || true
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  remove_store
  exit 0
}
trap stop TERM INT
status=0
wait "$server" || status=$?
remove_store
exit "$status"
