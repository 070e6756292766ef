#!/usr/bin/env bash
# Step 1 of action.yml: installs fw-conformance and records the command in $GITHUB_ENV as
# FW_CONFORMANCE (a node script path). INPUT_SUITE_VERSION set: that version from the npm registry,
# into a folder of its own; empty: the action's own copy of the suite ($GITHUB_ACTION_PATH), built
# once by `npm ci` (its prepare step compiles dist/). Both prefer npm's cache, which the step
# before restores (cache-key.sh: keyed on the lock file).
set -euo pipefail
: "${GITHUB_ENV:?GITHUB_ENV is not set (this script is a step of action.yml)}"
if [ -n "${INPUT_SUITE_VERSION:-}" ]; then
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/fw-conformance-suite"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --prefer-offline --no-audit --no-fund --no-save "fw-conformance@${INPUT_SUITE_VERSION}"
  bin="$prefix/node_modules/fw-conformance/conformance-runner/bin/fw-conformance.js"
else
  : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
  (cd "$GITHUB_ACTION_PATH" && npm ci --prefer-offline --no-audit --no-fund)
  bin="$GITHUB_ACTION_PATH/conformance-runner/bin/fw-conformance.js"
fi
node "$bin" --version
echo "FW_CONFORMANCE=$bin" >> "$GITHUB_ENV"
