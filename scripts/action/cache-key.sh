#!/usr/bin/env bash
# Step of action.yml before the install: the key and the folder of npm's cache for actions/cache,
# as the outputs `key` and `path`. The key is the suite's lock file (the action's own copy) or the
# registry version asked for, with the runner's OS and Node.js's major version: a new lock file is
# a new cache, the same one is installed from the cache (npm ci --prefer-offline).
set -euo pipefail
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set (this script is a step of action.yml)}"
if [ -n "${INPUT_SUITE_VERSION:-}" ]; then
  what="fw-conformance@${INPUT_SUITE_VERSION}"
else
  : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
  what="$(cat "$GITHUB_ACTION_PATH/package-lock.json")"
fi
hash="$(printf '%s' "$what" | node -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>process.stdout.write(require("crypto").createHash("sha256").update(s).digest("hex").slice(0,32)))')"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
{
  echo "key=fw-conformance-npm-${RUNNER_OS:-$(uname -s)}-node${node_major}-${hash}"
  echo "path=$(npm config get cache)"
} >> "$GITHUB_OUTPUT"
