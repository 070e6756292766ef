export const HELP = `fw-conformance — run the Routing and Controllers conformance suite against an adapter

Usage:
  fw-conformance --start "<command>" [options]        start an adapter, run the suite, stop it
  fw-conformance --target URL --token T [options]     run the suite against a running adapter
  fw-conformance --check-adapter (--start ... | --target ... --token ...)
                                                      check the adapter's protocol handling only

Target:
  --target URL           origin of a running adapter, e.g. http://127.0.0.1:8080 (http only)
  --token T              the adapter's control-plane token (with --target)
  --start "<command>"    shell command that starts an adapter; it gets PORT, TOKEN and HOST in its
                         environment and must answer GET /__fw/info (docs/adapter-protocol.md §1)
  --start-timeout MS     how long the started adapter may take to answer /__fw/info (default 30000)
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
                         scenario's level is the strictest of its rules'); repeatable

Verdict:
  --expectations FILE    JSON file of the results this implementation is known to get
                         (schema: conformance-runner/schema/expectations.schema.json); the run
                         passes when the results match it exactly
  --update-expectations  write FILE from this run (reasons of existing entries are kept)

Properties (fast-check):
  --seed N               seed of the properties (default: random, printed and recorded)
  --num-runs N           runs per property (default 100)
  --path P               replay one failing case: the path from a report, with its --seed

Timeouts and execution:
  --request-timeout MS   per HTTP request to the target (default 10000); a request over it makes
                         the scenario timed-out
  --scenario-timeout MS  per cucumber step (default: the suite's, 20000)
  --parallel N           run scenarios in N worker processes (default 0: in this process)
  --fail-fast            stop at the first scenario that does not pass

Reports:
  --out DIR              where reports go (default reports/): conformance.json, conformance.md,
                         conformance.html, badge.svg, junit.xml, cucumber.ndjson, cucumber.html
  --coverage             with --start: run the adapter under V8 coverage and write an HTML/lcov
                         report of reference/** to DIR/coverage (and DIR/coverage/uncovered.md)
  --quiet                print only the verdict and the failures

  -h, --help             this text
  --version              the suite's version

Exit status: 0 when every must and implied rule passes or the results match --expectations;
1 otherwise (also when the run is incomplete: the target died or the run was interrupted, 130 on
Ctrl-C); 2 for a bad command line or an unreadable expectations file.
`;
