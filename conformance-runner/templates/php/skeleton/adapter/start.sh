#!/usr/bin/env bash
# adapter/start.sh: started by the runner with PORT, TOKEN and HOST in the environment:
#   npx fw-conformance --check-adapter --start adapter/start.sh
# Every php -S flag in one place (docs/writing-an-adapter.md, "php -S and what it does").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$here/empty"
export PHP_CLI_SERVER_WORKERS="${PHP_CLI_SERVER_WORKERS:-4}"
php -q -d default_mimetype= -d opcache.enable=1 -d display_errors=stderr \
  -S "${HOST:-127.0.0.1}:$PORT" -t "$here/empty" "$here/index.php" &
server=$!
# adapter/index.php keeps the loaded manifests in $TMPDIR/fw-adapter-$PORT: gone when the adapter stops.
store="${TMPDIR:-/tmp}"; store="${store%/}/fw-adapter-$PORT"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$store"; exit 0' TERM INT
status=0
wait "$server" || status=$?
rm -rf "$store"
exit "$status"
