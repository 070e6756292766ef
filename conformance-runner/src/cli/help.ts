import { EXIT, EXIT_MEANINGS } from '../config/exitCodes';
import { DEFAULTS } from '../config/defaults';

export const HELP = `fw-conformance — run the Routing and Controllers conformance suite against an adapter

Usage:
  fw-conformance --start "<command>" [options]        start an adapter, run the suite, stop it
  fw-conformance --target URL --token T [options]     run the suite against a running adapter
  fw-conformance --reference [options]                certify the bundled reference implementation
  fw-conformance --check-adapter (--start ... | --target ... --token ...)
                                                      check the adapter's protocol handling only
  fw-conformance matrix REPORT.json... [--out DIR] [--title TEXT]
                                                      compare implementations: matrix.html, matrix.md
  fw-conformance diff OLD.json NEW.json [--format text|markdown]
                                                      what changed between two runs of one
                                                      implementation (exit 1 on a regression)
  fw-conformance init --lang php|ts DIR               write an adapter skeleton to port

Target:
  --target URL           origin of a running adapter, e.g. http://127.0.0.1:8080 (http only)
  --token T              the adapter's control-plane token (with --target)
  --start "<command>"    shell command that starts an adapter; it gets PORT, TOKEN and HOST in its
                         environment and must answer GET /__fw/info (docs/adapter-protocol.md §1)
  --reference            start the reference adapter that comes with the suite (instead of --start)
  --start-timeout MS     how long the started adapter may take to answer /__fw/info
                         (default ${DEFAULTS.startTimeoutMs})
  --check-adapter        only run the protocol smoke check (exit 0 when nothing fails)
  --skip-adapter-check   do not start a normal run with that check (by default every run first
                         checks the adapter, prints "adapter check: N passed, N failed, ..." and
                         the checks that failed or warned, records them in conformance.json as
                         adapterCheck, then runs the suite anyway: they do not change the verdict)
  --oracle reference     differential mode: also start the reference adapter and give it to the
                         properties as an oracle; divergences are recorded, not failed

Selection:
  --tags EXPR            cucumber tag expression, e.g. "@capability:groups and not @property"
  --rule ID              run the scenarios of a rule, or of every rule under a prefix
                         ("params" selects params.*); repeatable
  --level LEVEL          run the scenarios of this level: must, implied or reference (a
                         scenario's level is the strictest of its rules' and
                         @needs rules'); repeatable

Verdict:
  --expectations FILE    JSON file of the results this implementation is known to get
                         (schema: conformance-runner/schema/expectations.schema.json); the run
                         passes when the results match it exactly
  --update-expectations  write FILE from this run (reasons of existing entries are kept)
  --profile CAPS         hold the target to these capabilities only (comma-separated, routing
                         implied; "full" for all): rules of the others are untested, and the gate
                         passes when every must and implied rule of the profile passes

Properties (fast-check):
  --seed N               seed of the properties (default: random, printed and recorded)
  --num-runs N           runs per property (default ${DEFAULTS.numRuns})
  --path P               replay one failing case: the path from a report, with its --seed

Timeouts and execution:
  --request-timeout MS   per HTTP request to the target (default ${DEFAULTS.requestTimeoutMs}); a request over it makes
                         the scenario timed-out
  --scenario-timeout MS  per cucumber step (default: the suite's, 20000)
  --parallel N           run scenarios in N worker processes (default ${DEFAULTS.parallel}: in this process)
  --concurrency N        run at most N scenarios at once in this process (default: as many as the
                         adapter serves at once, info.concurrency, up to 8; 1: one after another)
  --fail-fast            stop at the first scenario that does not pass
  --circuit-breaker N    stop the run after N scenarios in a row time out or cannot reach the
                         target; the rest is reported as not run (default ${DEFAULTS.circuitBreaker}; 0: never)
  --max-time S           stop the run after S seconds, reports written and the adapter stopped
                         (default: no limit)

Limits: a response body over 1 MiB is not read (the scenario is errored, the limit named); an
application answer over 64 KiB + 6 × what its request sent fails every check of its body, only its
first 8 KiB read; reports keep the first 8 KiB of each body (docs/adapter-protocol.md, "Limits of
the runner").

Reports:
  --out DIR              where reports go (default ${DEFAULTS.out}/): conformance.json, conformance.md,
                         conformance.html, badge.svg, junit.xml, cucumber.ndjson, cucumber.html;
                         --out - writes conformance.json to stdout (everything else to stderr) and no file
  --coverage             with --start: run the adapter under V8 coverage and write an HTML/lcov
                         report of reference/** to DIR/coverage (and DIR/coverage/uncovered.md)
  --quiet                print only the verdict and the failures

  -h, --help             this text
  --version              the suite's version

Exit status:
${exitStatuses()}

fw-conformance matrix --help and fw-conformance diff --help describe the two report commands
(docs/matrix-and-diff.md); fw-conformance init --help the adapter skeletons (docs/writing-an-adapter.md).
`;

/** The exit statuses, from config/exitCodes.ts, wrapped to the help's width. */
function exitStatuses(): string {
  return (Object.keys(EXIT) as (keyof typeof EXIT)[])
    .map((key) => wrap(`${String(EXIT[key]).padStart(5)}  `, EXIT_MEANINGS[key]))
    .join('\n');
}

function wrap(head: string, text: string, width = 100): string {
  const lines: string[] = [];
  let line = head;
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width && line.trim() !== head.trim()) {
      lines.push(line.trimEnd());
      line = ' '.repeat(head.length);
    }
    line += (line.endsWith(' ') ? '' : ' ') + word;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}
