#!/bin/sh
# adapter/start.sh: started by the runner with PORT, TOKEN and HOST in the environment:
#   npx fw-conformance --check-adapter --start adapter/start.sh
# tsx runs the TypeScript as it is, no build step; it comes with adapter/package.json
# (npm install --prefix adapter). One process: it exits 0 on the runner's SIGTERM (protocol §1).
cd "$(dirname "$0")" && exec node --import tsx main.ts
