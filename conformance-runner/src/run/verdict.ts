import type { Comparison } from '../expectations/compare';
import { counts as levelCounts } from './levels';
import type { RuleResult } from './results';
import { isBad } from './status';

export interface Verdict {
  verdict: 'pass' | 'fail';
  /** One sentence saying why. */
  reason: string;
  /** must/implied rules that are failed, errored or timed-out. */
  badRules: string[];
}

/**
 * pass when the run is complete and either every must/implied rule passed (or is unsupported by
 * the target's declared capabilities), or the results match the expectations file exactly.
 * `reference` rules never count. An incomplete run always fails.
 */
export function decideVerdict(rules: RuleResult[], complete: boolean, incompleteReason: string | undefined, comparison?: Comparison): Verdict {
  const counted = rules.filter((r) => levelCounts(r.level));
  const badRules = counted.filter((r) => isBad(r.status)).map((r) => r.id);
  const skippedRules = counted.filter((r) => r.status === 'skipped').map((r) => r.id);
  if (!complete) return { verdict: 'fail', reason: `the run is incomplete: ${(incompleteReason ?? 'it was interrupted').split('\n')[0]}`, badRules };
  if (badRules.length === 0 && skippedRules.length === 0) {
    const unsupported = counted.filter((r) => r.status === 'unsupported').length;
    return {
      verdict: 'pass', badRules,
      reason: `all ${counted.length} must and implied rules pass` + (unsupported > 0 ? ` (${unsupported} of them unsupported by the target)` : ''),
    };
  }
  // The comparison also checks skipped rules (they may be expected).
  if (comparison && comparison.mismatches.length === 0) {
    return { verdict: 'pass', badRules, reason: `the results match the expectations file (${comparison.matched} expected non-passing results)` };
  }
  const parts: string[] = [];
  if (comparison) {
    const regressions = comparison.mismatches.filter((m) => m.kind !== 'unexpected-pass').length;
    const passes = comparison.mismatches.filter((m) => m.kind === 'unexpected-pass').length;
    if (regressions > 0) parts.push(`${regressions} result(s) differ from the expectations file`);
    if (passes > 0) parts.push(`${passes} unexpected pass(es): update the expectations file`);
  } else if (badRules.length > 0) {
    parts.push(`${badRules.length} of ${counted.length} must and implied rules do not pass`);
  }
  if (!comparison && skippedRules.length > 0) parts.push(`${skippedRules.length} must/implied rule(s) were not run (undefined or skipped steps): ${skippedRules.slice(0, 5).join(', ')}`);
  return { verdict: 'fail', reason: parts.join('; '), badRules };
}
