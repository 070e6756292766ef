/** `fw-conformance matrix --help`; next to the command it describes, so matrix/ never imports cli/ (test/cli/drift.test.ts checks it lists every option). */
export const MATRIX_HELP = `fw-conformance matrix — every implementation against every rule, from their reports

Usage:
  fw-conformance matrix REPORT.json... [--out DIR] [--title TEXT]

  REPORT.json            a conformance.json (reportVersion 2 to 4), one per implementation and version;
                         reports of different suite versions or rule sets merge (union of rules,
                         "—" where a report has no result), with a note
  --out DIR              where matrix.html and matrix.md go (default: the current directory)
  --title TEXT           the page's title (default "fw-conformance matrix")
  -h, --help             this text

Rows are rules by spec section (reference rules apart: they never count), columns are the reports
(implementation, version, language, profile), cells the rule's status in that report.

Exit status: 0 when both files are written; 2 for a bad command line, a file that is not a valid
report, two reports of the same implementation and version, or an output that cannot be written.
`;
