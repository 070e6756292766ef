#!/usr/bin/env bash
# Installs the Debian packages the tests that need them run with, best effort, and says what it
# could not install and why; without them those tests report themselves skipped (counted as
# skipped, never as passed) and every other test runs. Called by .ci/run; FW_CI_PACKAGES overrides
# the list (its tests). Uses sudo when not root; never fails the CI run by itself.
#   php-cli php-laravel-lumen-framework php-laravel-framework: the PHP skeleton test and the
#     certifications of adapters/lumen and adapters/laravel
#   chromium: the test that lays conformance.html and cucumber.html out at 1400 px
set -uo pipefail

packages="${FW_CI_PACKAGES:-php-cli php-laravel-lumen-framework php-laravel-framework chromium}"

skip() {
  echo "skipped: the Debian packages$missing are not installed: $1"
  echo "  the tests that need them report themselves skipped; to run them: apt-get install -y$missing"
  exit 0
}

if ! command -v dpkg >/dev/null 2>&1; then
  missing=" $packages"
  skip "this is not a Debian system (no dpkg)"
fi
missing=""
for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -z "$missing" ]; then
  echo "system packages: all installed ($packages)"
  exit 0
fi
command -v apt-get >/dev/null 2>&1 || skip "apt-get is not available"

as_root=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    skip "installing them needs root, and this user ($(id -un)) is not root and has no password-less sudo"
  fi
fi

echo "installing:$missing${as_root:+ (with sudo)}"
log="$(mktemp)"
if { timeout 300 "${as_root[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 900 "${as_root[@]}" apt-get install -y -qq $missing; } >"$log" 2>&1; then
  rm -f "$log"
  echo "installed:$missing"
else
  status=$?
  reason="apt-get failed (exit $status): $(tail -n 3 "$log" | tr '\n' ' ')"
  rm -f "$log"
  skip "$reason"
fi
