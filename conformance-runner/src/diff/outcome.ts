import { CHANGE_KINDS, type ChangeKind } from './changeKind';
import { countOf } from './count';
import { isCounted, type ItemChange, type ReportDiff, type RuleChange } from './compare';

/** How each kind of change is titled, in both formats. */
export const KIND_TITLE: Record<ChangeKind, string> = {
  regressed: 'Regressed',
  fixed: 'Fixed',
  changed: 'Failing differently',
  blocked: 'Became blocked',
  unblocked: 'Unblocked',
  'not-run': 'No longer run',
  'now-run': 'Now run, passing',
  appeared: 'Appeared',
  disappeared: 'Disappeared',
};

/** The changes of one kind at one side of the counted/informative line. */
export interface ChangeGroup {
  kind: ChangeKind;
  rules: RuleChange[];
  /** Scenario changes not already told under one of their rules. */
  scenarios: ItemChange[];
}

/** The groups of counted (must/implied) or of reference-level changes, in CHANGE_KINDS order, empty ones left out. */
export function groupsOf(diff: ReportDiff, counted: boolean): ChangeGroup[] {
  return CHANGE_KINDS.map((kind) => ({
    kind,
    rules: diff.rules.filter((r) => r.kind === kind && isCounted(r) === counted),
    scenarios: diff.scenarios.filter((s) => s.kind === kind && isCounted(s) === counted),
  })).filter((g) => g.rules.length + g.scenarios.length > 0);
}

/** The one line that says how it went: what regressed, or what else changed, or "no change". */
export function outcomeLine(diff: ReportDiff): string {
  if (diff.unchanged) return 'no change';
  const verdict = diff.old.verdict !== diff.new.verdict ? `; verdict ${diff.old.verdict} → ${diff.new.verdict}` : '';
  if (diff.regressions.length > 0) return `regressed — ${diff.regressions.join('; ')}${verdict}`;
  const counted = groupsOf(diff, true).map((g) => `${KIND_TITLE[g.kind].toLowerCase()}: ${count(g)}`);
  const informative = groupsOf(diff, false).reduce((n, g) => n + g.rules.length + g.scenarios.length, 0);
  const parts = [...counted];
  if (diff.version) parts.push(`version ${diff.version.before} → ${diff.version.after}`);
  if (diff.capabilities.added.length > 0) parts.push(`newly declared: ${diff.capabilities.added.join(', ')}`);
  if (informative > 0) parts.push(`${informative} reference-level change${informative === 1 ? '' : 's'}`);
  return `no regression${parts.length > 0 ? ` — ${parts.join('; ')}` : ''}${verdict}`;
}

/** "2 rules (5 scenarios)", or "1 scenario" when no rule changed that way. */
export function count(group: ChangeGroup): string {
  return countOf(group.rules.length, group.rules.reduce((n, r) => n + r.scenarios.length, 0) + group.scenarios.length);
}

/**
 * The scenarios of a rule change split in those that changed exactly as the rule did (named in
 * one line: nothing more to say) and those that did not.
 */
export function splitNested(rule: RuleChange): { same: ItemChange[]; other: ItemChange[] } {
  // Blockers matter only for blocked changes: a failed rule may also have blocked results.
  const blocking = rule.kind === 'blocked' || rule.kind === 'unblocked';
  const alike = (s: ItemChange) => s.before === rule.before && s.after === rule.after && (!blocking || s.blockedBy.join() === rule.blockedBy.join());
  return { same: rule.scenarios.filter(alike), other: rule.scenarios.filter((s) => !alike(s)) };
}
