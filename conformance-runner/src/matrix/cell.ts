import type { ConformanceReport } from '../reports/model';
import type { RuleResult } from '../model/results';
import type { Status } from '../model/status';
import { shorten } from './text';

/** Tooltips show one failure, not a page of HTML an adapter returned. */
const MAX_MESSAGE = 300;

/** A rule's result in one report; `status` null when the report has no such rule. */
export interface MatrixCell {
  status: Status | null;
  /** For a blocked rule (or one with blocked results): the root causes that block it. */
  blockedBy: string[];
  /** What a person hovering the cell wants to know: the first failure, or why it did not run. */
  message: string | null;
}

export const ABSENT_CELL: MatrixCell = { status: null, blockedBy: [], message: null };

/** The cell of `rule` as `report` decided it. */
export function cellOf(rule: RuleResult, report: ConformanceReport): MatrixCell {
  return { status: rule.status, blockedBy: rule.blockedBy, message: messageOf(rule, report) };
}

function messageOf(rule: RuleResult, report: ConformanceReport): string | null {
  if (rule.status === 'passed') {
    const n = rule.counted.length;
    return `passed: ${n} scenario${n === 1 ? '' : 's'}`;
  }
  // The outcome that decided the status first, then any other that says something.
  const outcome = rule.outcomes.find((o) => o.status === rule.status && o.message)
    ?? rule.outcomes.find((o) => o.status !== 'passed' && o.message);
  let text = outcome ? `${outcome.scenario}: ${outcome.message}` : null;
  if (text === null) text = report.rootCauses.find((r) => r.rule === rule.id)?.message ?? null;
  if (rule.status === 'blocked' && rule.blockedBy.length > 0) {
    text = `blocked by ${rule.blockedBy.join(', ')}${text ? ` — ${text.replace(/^([^:]+: )?blocked by [^:]+: /, '$1')}` : ''}`;
  }
  return text === null ? null : shorten(text, MAX_MESSAGE);
}
