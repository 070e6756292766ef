import { STATUS_ICON } from '../matrix/statusWords';
import { mdCode, mdText, shortDate, shorten } from '../matrix/text';
import type { Status } from '../model/status';
import type { ItemChange, ReportDiff, Side } from './compare';
import type { ChangeKind } from './changeKind';
import { count, groupsOf, KIND_TITLE, outcomeLine, splitNested, type ChangeGroup } from './outcome';

/** A pull-request comment is read, not searched: each kind shows its first entries (GitHub also caps comments at 65536 characters). */
const MAX_ITEMS = 40;
const MAX_NESTED = 5;
const MAX_NAMES = 8;
const MAX_MESSAGE = 200;
const VERDICT_ICON = { conforms: '✅', partial: '🟡', fails: '❌' } as const;

/**
 * The diff as a pull-request comment: a heading with the outcome, the two runs side by side, the
 * counted changes by kind, and the reference-level changes folded away as informative.
 */
export function renderDiffMarkdown(diff: ReportDiff): string {
  const regressed = diff.regressions.length > 0;
  const icon = regressed ? '❌' : '✅';
  const lines = [`## ${icon} fw-conformance diff: ${mdText(outcomeLine(diff))}`, ''];
  const o = diff.old;
  const n = diff.new;
  lines.push(`**${mdText(n.label)}**${diff.version ? ` (was ${mdText(diff.version.before)})` : ''} — ${mdCode(o.file)} → ${mdCode(n.file)}`, '');
  if (diff.unchanged) {
    lines.push('Both reports give the same results.', '');
    return lines.join('\n');
  }
  // New values that differ are bold; the dates of two runs always differ, so the run row is bold only when completeness changed.
  const row = (label: string, a: string, b: string, changed = a !== b) => `| ${label} | ${a} | ${changed ? `**${b}**` : b} |`;
  lines.push('| | old | new |', '|---|---|---|',
    row('verdict', `${VERDICT_ICON[o.verdict]} ${o.verdict}`, `${VERDICT_ICON[n.verdict]} ${n.verdict}`),
    row('must + implied passed', pct(o), pct(n)),
    row('CI gate', o.gate ? 'pass' : 'fail', n.gate ? 'pass' : 'fail'),
    row('profile', profile(o), profile(n)),
    row('implementation', mdText(o.label), mdText(n.label)),
    row('suite', mdText(o.suiteVersion), mdText(n.suiteVersion)),
    row('run', run(o), run(n), o.complete !== n.complete),
    '');
  if (diff.capabilities.dropped.length > 0) lines.push(`**Capabilities no longer declared:** ${diff.capabilities.dropped.map(mdCode).join(', ')} — their rules are no longer tested.`, '');
  if (diff.capabilities.added.length > 0) lines.push(`Newly declared capabilities: ${diff.capabilities.added.map(mdCode).join(', ')}.`, '');

  const counted = groupsOf(diff, true);
  const reference = groupsOf(diff, false);
  for (const g of counted) lines.push(...group(g, '###'));
  if (counted.length === 0) lines.push('No must or implied rule or scenario changed status.', '');
  if (reference.length > 0) {
    const total = reference.reduce((k, g) => k + g.rules.length + g.scenarios.length, 0);
    lines.push(`<details><summary>Reference level: ${total} change${total === 1 ? '' : 's'} (informative, never counted)</summary>`, '');
    for (const g of reference) lines.push(...group(g, '####'));
    lines.push('</details>', '');
  }
  return lines.join('\n');
}

function group(g: ChangeGroup, heading: string): string[] {
  const lines = [`${heading} ${KIND_TITLE[g.kind]}: ${count(g)}`, ''];
  const entries: string[] = [];
  const withMessage = (kind: ChangeKind) => kind === 'regressed' || kind === 'changed' || kind === 'fixed';
  for (const rule of g.rules) {
    const { same, other } = splitNested(rule);
    const nested: string[] = [];
    if (same.length > 0) {
      const shown = same.slice(0, MAX_NAMES).map((s) => mdCode(s.id)).join(', ');
      nested.push(`  - ${same.length === 1 ? 'scenario' : 'scenarios'}: ${shown}${same.length > MAX_NAMES ? `, … (${same.length - MAX_NAMES} more)` : ''}`);
    }
    nested.push(...other.slice(0, MAX_NESTED).map((s) => `  - scenario ${item(s, false)}`));
    if (other.length > MAX_NESTED) nested.push(`  - … and ${other.length - MAX_NESTED} more`);
    entries.push([`- ${item(rule, withMessage(rule.kind))}`, ...nested].join('\n'));
  }
  for (const s of g.scenarios) entries.push(`- scenario ${item(s, s.kind === 'regressed' || s.kind === 'changed')}`);
  lines.push(...entries.slice(0, MAX_ITEMS));
  if (entries.length > MAX_ITEMS) lines.push(`- … and ${entries.length - MAX_ITEMS} more (run \`fw-conformance diff\` for all)`);
  lines.push('');
  return lines;
}

function item(change: ItemChange, withMessage: boolean): string {
  const by = change.blockedBy.length > 0 && (change.kind === 'blocked' || change.kind === 'unblocked')
    ? ` ${change.kind === 'blocked' ? 'by' : 'was blocked by'} ${change.blockedBy.map(mdCode).join(', ')}` : '';
  const why = change.why ? ` — ${mdText(change.why)}` : '';
  const message = withMessage && change.message ? ` — ${change.kind === 'fixed' ? 'was: ' : ''}${mdText(shorten(change.message, MAX_MESSAGE))}` : '';
  return `${mdCode(change.id)} (${change.level}): ${status(change.before)} → ${status(change.after)}${by}${why}${message}`;
}

function status(s: Status | null): string {
  return s === null ? 'absent' : `${STATUS_ICON[s]} ${s}`;
}

function pct(side: Side): string {
  return `${side.conformance.passed}/${side.conformance.total} (${side.conformance.percent}%)`;
}

function profile(side: Side): string {
  return side.profile.full ? 'full' : `partial, not declared: ${side.profile.missing.map(mdCode).join(', ')}`;
}

function run(side: Side): string {
  return `${side.complete ? 'complete' : 'incomplete'}, ${mdText(shortDate(side.startedAt))}${side.narrowed ? `, narrowed: ${mdCode(side.narrowed)}` : ''}`;
}
