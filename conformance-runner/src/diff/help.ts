/** `fw-conformance diff --help`; next to the command it describes, so diff/ never imports cli/ (test/cli/drift.test.ts checks it lists every option). */
export const DIFF_HELP = `fw-conformance diff — what changed between two reports of one implementation

Usage:
  fw-conformance diff OLD.json NEW.json [--format text|markdown]

  OLD.json NEW.json      two conformance.json files (reportVersion 2 to 4) of the same implementation,
                         e.g. the main branch's and a pull request's
  --format FORMAT        text (default: for the console) or markdown (for a pull-request comment)
  -h, --help             this text

Lists the must and implied rules and scenarios that regressed, got fixed, became blocked or
unblocked, stopped or started running, appeared or disappeared; changes of verdict, gate, profile
(capabilities declared) and implementation version; reference-level changes apart, as
informative.

Exit status: 1 when something regressed (a must or implied rule or scenario that was not failed,
errored or timed out and now is, a declared capability dropped, or NEW is an incomplete run);
0 otherwise ("no change" for a report against itself); 2 for a bad command line, a file that is
not a valid report, or reports of two different implementations.
`;
