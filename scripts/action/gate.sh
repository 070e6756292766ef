#!/usr/bin/env bash
# Step 2 of action.yml: runs the gate with the action's inputs (INPUT_* in the environment),
# appends conformance.md to the job summary with the artifact's name, sets the outputs (verdict,
# exit-code, percent, report, artifact-name) and exits with fw-conformance's own status, so the job
# fails exactly when the gate does (docs/reports.md).
set -uo pipefail
: "${FW_CONFORMANCE:?FW_CONFORMANCE is not set: run scripts/action/install.sh first}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${INPUT_OUT:-fw-conformance-reports}"
args=(--out "$out")
if [ -n "${INPUT_START:-}" ]; then args+=(--start "$INPUT_START"); fi
if [ -n "${INPUT_TARGET:-}" ]; then args+=(--target "$INPUT_TARGET"); fi
if [ -n "${INPUT_TOKEN:-}" ]; then args+=(--token "$INPUT_TOKEN"); fi
if [ -n "${INPUT_EXPECTATIONS:-}" ]; then args+=(--expectations "$INPUT_EXPECTATIONS"); fi
if [ -n "${INPUT_PROFILE:-}" ]; then args+=(--profile "$INPUT_PROFILE"); fi
# More options, each argument whole (args.js: a JSON list, one a line, or one line split like a
# shell's words without expanding anything).
extra_file="$(mktemp)"
if ! node "$here/args.js" > "$extra_file"; then rm -f "$extra_file"; code=2; extra=(); else mapfile -d '' extra < "$extra_file"; rm -f "$extra_file"; code=""; fi
if [ -z "$code" ]; then
  node "$FW_CONFORMANCE" "${args[@]}" "${extra[@]}"
  code=$?
fi

report="$out/conformance.json"
# verdict, percent and the implementation's name, from conformance.json when there is one.
fields=(); if [ -f "$report" ]; then mapfile -t fields < <(node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const impl = r.implementation ? `${r.implementation.name}-${r.implementation.version}` : "unknown";
  console.log(r.verdict ?? ""); console.log(r.summary?.conformance?.percent ?? ""); console.log(impl);' "$report"); fi
verdict="${fields[0]:-}"; percent="${fields[1]:-}"; implementation="${fields[2]:-unknown}"

# The artifact's name: the input, or the job and the implementation (and the job's index within
# its matrix), so that the jobs of a matrix never upload two artifacts of one name.
name="${INPUT_ARTIFACT_NAME:-}"
if [ -z "$name" ]; then
  name="fw-conformance-${GITHUB_JOB:-job}-${implementation}"
  if [ "${FW_JOB_TOTAL:-1}" -gt 1 ] 2>/dev/null; then name="$name-${FW_JOB_INDEX:-0}"; fi
fi
# upload-artifact refuses " : < > | * ? \ /" and control characters in a name.
name="$(printf '%s' "$name" | tr -c 'A-Za-z0-9._+=@-' '-')"

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$out/conformance.md" ]; then
    cat "$out/conformance.md" >> "$GITHUB_STEP_SUMMARY"
    printf '\nReports (conformance.html, junit.xml, cucumber.html...): artifact `%s`.\n' "$name" >> "$GITHUB_STEP_SUMMARY"
  else
    printf '## fw-conformance\n\nNo report was written (exit %s): see the step log.\n' "$code" >> "$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "verdict=$verdict"
    echo "exit-code=$code"
    echo "percent=$percent"
    echo "report=$( [ -f "$report" ] && printf '%s' "$report" )"
    echo "artifact-name=$name"
  } >> "$GITHUB_OUTPUT"
fi
exit "$code"
