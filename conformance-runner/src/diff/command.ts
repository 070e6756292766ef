import type { SubcommandIO } from '../matrix/command';
import { parseSubcommand, SubcommandUsageError } from '../matrix/subcommandArgs';
import { readReport, ReportReadError } from '../reports/read';
import { diffReports, DiffInputError } from './compare';
import { DIFF_HELP } from './help';
import { renderDiffMarkdown } from './markdown';
import { renderDiffText } from './text';

const EXIT = { same: 0, regressed: 1, input: 2 } as const;
const FORMATS = ['text', 'markdown'] as const;

/**
 * `fw-conformance diff OLD.json NEW.json [--format text|markdown]`: prints what changed. Exit 1
 * when something regressed, 0 otherwise, 2 for bad input.
 */
/** The options of `fw-conformance diff` (its --help lists each: test/cli/drift.test.ts). */
export const DIFF_OPTIONS = { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export function runDiffCommand(argv: string[], io: SubcommandIO): number {
  const fail = (message: string, hint = true) => {
    io.err(`fw-conformance diff: ${message}${hint ? ' (see fw-conformance diff --help)' : ''}\n`);
    return EXIT.input;
  };
  let files: [string, string];
  let format: (typeof FORMATS)[number];
  try {
    const { values, positionals } = parseSubcommand(argv, DIFF_OPTIONS);
    if (values.help === true) {
      io.out(DIFF_HELP);
      return EXIT.same;
    }
    if (positionals.length !== 2) {
      throw new SubcommandUsageError(positionals.length < 2
        ? `needs two reports, OLD.json and NEW.json (got ${positionals.length === 0 ? 'none' : `only ${positionals[0]}`})`
        : `needs exactly two reports, OLD.json and NEW.json (got ${positionals.length}); to compare several implementations use fw-conformance matrix`);
    }
    files = [positionals[0]!, positionals[1]!];
    const raw = values.format ?? 'text';
    if (!(FORMATS as readonly unknown[]).includes(raw)) throw new SubcommandUsageError(`--format ${JSON.stringify(raw)}: use text or markdown`);
    format = raw as (typeof FORMATS)[number];
  } catch (err) {
    if (err instanceof SubcommandUsageError) return fail(err.message);
    throw err;
  }
  try {
    const diff = diffReports(readReport(files[0], io.cwd), readReport(files[1], io.cwd));
    io.out(format === 'markdown' ? renderDiffMarkdown(diff) : renderDiffText(diff));
    return diff.regressions.length > 0 ? EXIT.regressed : EXIT.same;
  } catch (err) {
    if (err instanceof ReportReadError || err instanceof DiffInputError) return fail(err.message, false);
    throw err;
  }
}
