#!/usr/bin/env bash
# Step 2 of action.yml: runs the gate with the action's inputs (INPUT_* in the environment),
# appends conformance.md to the job summary, sets the outputs verdict and exit-code, and exits with
# fw-conformance's own status, so the job fails exactly when the gate does (docs/reports.md).
set -uo pipefail
: "${FW_CONFORMANCE:?FW_CONFORMANCE is not set: run scripts/action/install.sh first}"
out="${INPUT_OUT:-fw-conformance-reports}"
args=(--out "$out")
if [ -n "${INPUT_START:-}" ]; then args+=(--start "$INPUT_START"); fi
if [ -n "${INPUT_TARGET:-}" ]; then args+=(--target "$INPUT_TARGET"); fi
if [ -n "${INPUT_TOKEN:-}" ]; then args+=(--token "$INPUT_TOKEN"); fi
if [ -n "${INPUT_EXPECTATIONS:-}" ]; then args+=(--expectations "$INPUT_EXPECTATIONS"); fi
if [ -n "${INPUT_PROFILE:-}" ]; then args+=(--profile "$INPUT_PROFILE"); fi
# Extra options split like a shell's words, without running anything in them.
if [ -n "${INPUT_ARGS:-}" ]; then read -r -a extra <<< "$INPUT_ARGS"; args+=("${extra[@]}"); fi

node "$FW_CONFORMANCE" "${args[@]}"
code=$?

report="$out/conformance.json"
verdict=""
if [ -f "$report" ]; then verdict="$(node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).verdict ?? ""))' "$report")"; fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$out/conformance.md" ]; then
    cat "$out/conformance.md" >> "$GITHUB_STEP_SUMMARY"
  else
    printf '## fw-conformance\n\nNo report was written (exit %s): see the step log.\n' "$code" >> "$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "verdict=$verdict"; echo "exit-code=$code"; } >> "$GITHUB_OUTPUT"
fi
exit "$code"
