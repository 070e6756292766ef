import { shortDate, shorten } from '../matrix/text';
import type { ItemChange, ReportDiff, Side } from './compare';
import { count, groupsOf, KIND_TITLE, outcomeLine, splitNested, type ChangeGroup } from './outcome';

/** A console line holds one failure, not a page an adapter answered. */
const MAX_MESSAGE = 160;
/** Scenarios shown under a rule; the rule is the unit a reader fixes. */
const MAX_NESTED = 10;
/** Scenarios that changed as their rule did are only named, this many at most. */
const MAX_NAMES = 12;

/** The diff for a console: the outcome first, then what changed around the run, then the rules. */
export function renderDiffText(diff: ReportDiff): string {
  const lines = [`fw-conformance diff: ${outcomeLine(diff).replace(/^regressed/, 'REGRESSED')}`,
    `  old: ${describe(diff.old)}`, `  new: ${describe(diff.new)}`];
  if (diff.unchanged) return `${lines.join('\n')}\n`;
  lines.push('');
  const facts = factsOf(diff);
  const width = Math.max(...facts.map(([k]) => k.length));
  for (const [key, value] of facts) lines.push(`  ${key.padEnd(width)}  ${value}`);
  const counted = groupsOf(diff, true);
  const reference = groupsOf(diff, false);
  if (counted.length > 0) lines.push('', 'Must and implied rules (counted):', ...counted.flatMap(group));
  if (reference.length > 0) lines.push('', 'Reference level (informative, never counted):', ...reference.flatMap(group));
  if (counted.length + reference.length === 0) lines.push('', 'No rule or scenario changed status.');
  return `${lines.join('\n')}\n`;
}

function describe(side: Side): string {
  return `${side.file} — ${side.label}, suite ${side.suiteVersion}, ${shortDate(side.startedAt)}: ${side.verdict}, ` +
    `${side.conformance.passed}/${side.conformance.total} must + implied rules pass${side.narrowed ? ` (narrowed: ${side.narrowed})` : ''}`;
}

/** The run-level changes, each as [what, "before → after"]; unchanged ones are left out. */
export function factsOf(diff: ReportDiff): Array<[string, string]> {
  const o = diff.old;
  const n = diff.new;
  const facts: Array<[string, string]> = [];
  if (o.verdict !== n.verdict) facts.push(['verdict', `${o.verdict} → ${n.verdict}`]);
  if (o.gate !== n.gate) facts.push(['gate', `${o.gate ? 'pass' : 'fail'} → ${n.gate ? 'pass' : 'fail'}`]);
  if (o.conformance.passed !== n.conformance.passed || o.conformance.total !== n.conformance.total) {
    facts.push(['must + implied', `${o.conformance.passed}/${o.conformance.total} (${o.conformance.percent}%) → ${n.conformance.passed}/${n.conformance.total} (${n.conformance.percent}%)`]);
  }
  if (diff.version) facts.push(['version', `${diff.version.before} → ${diff.version.after}`]);
  if (diff.capabilities.dropped.length > 0) facts.push(['capabilities', `no longer declared: ${diff.capabilities.dropped.join(', ')}`]);
  if (diff.capabilities.added.length > 0) facts.push([diff.capabilities.dropped.length > 0 ? '' : 'capabilities', `newly declared: ${diff.capabilities.added.join(', ')}`]);
  if (o.profile.full !== n.profile.full) facts.push(['profile', `${o.profile.full ? 'full' : 'partial'} → ${n.profile.full ? 'full' : 'partial'}`]);
  if (o.suiteVersion !== n.suiteVersion) facts.push(['suite', `${o.suiteVersion} → ${n.suiteVersion}`]);
  if (o.complete !== n.complete) {
    facts.push(['run', `${o.complete ? 'complete' : 'incomplete'} → ${n.complete ? 'complete' : `incomplete: ${shorten(n.incompleteReason ?? 'interrupted', MAX_MESSAGE)}`}`]);
  }
  return facts;
}

function group(g: ChangeGroup): string[] {
  const lines = [`  ${KIND_TITLE[g.kind]}: ${count(g)}`];
  for (const rule of g.rules) {
    lines.push(`    ${item(rule)}`);
    if (rule.message && (rule.kind === 'regressed' || rule.kind === 'changed' || rule.kind === 'fixed')) {
      lines.push(`        ${rule.kind === 'fixed' ? 'was: ' : ''}${shorten(rule.message, MAX_MESSAGE)}`);
    }
    const { same, other } = splitNested(rule);
    if (same.length > 0) lines.push(`      ${same.length === 1 ? 'scenario' : 'scenarios'}: ${names(same)}`);
    for (const s of other.slice(0, MAX_NESTED)) lines.push(`      scenario ${item(s)}`);
    if (other.length > MAX_NESTED) lines.push(`      … and ${other.length - MAX_NESTED} more scenarios`);
  }
  for (const s of g.scenarios) {
    lines.push(`    scenario ${item(s)}`);
    if (s.message && (s.kind === 'regressed' || s.kind === 'changed')) lines.push(`        ${shorten(s.message, MAX_MESSAGE)}`);
  }
  return lines;
}

/** Scenario ids on one line, the first few only: the rule above says how they changed. */
function names(items: ItemChange[]): string {
  const shown = items.slice(0, MAX_NAMES).map((s) => s.id).join(', ');
  return items.length > MAX_NAMES ? `${shown}, … (${items.length - MAX_NAMES} more)` : shown;
}

/** `id (level): before → after by X — why` */
function item(change: ItemChange): string {
  const by = change.blockedBy.length > 0 && (change.kind === 'blocked' || change.kind === 'unblocked')
    ? ` (${change.kind === 'blocked' ? 'by' : 'was blocked by'} ${change.blockedBy.join(', ')})` : '';
  return `${change.id} (${change.level}): ${change.before ?? 'absent'} → ${change.after ?? 'absent'}${by}${change.why ? ` — ${change.why}` : ''}`;
}
