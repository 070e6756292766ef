import { counts as levelCounts, LEVELS } from '../model/levels';
import { isBad, STATUSES } from '../model/status';
import { markdownText } from '../protocol/inert';
import type { ConformanceReport, ReportRootCause } from './model';
import { verdictWords } from './words';

/** CI job pages truncate long summaries: a rule shows its first few failing scenarios. */
const MAX_SCENARIOS_PER_RULE = 5;
const MAX_ROOT_CAUSES = 20;

/**
 * conformance.md: a summary for CI job pages (GitHub's $GITHUB_STEP_SUMMARY, merge-request notes).
 * Read top down while fixing: the verdict, then the root causes (fix the first, run again), then
 * what the profile leaves untested, then the details.
 */
export function renderMarkdown(report: ConformanceReport): string {
  const impl = report.implementation ? `${report.implementation.name} ${report.implementation.version} (${report.implementation.language})` : 'unknown implementation';
  const words = verdictWords(report);
  const lines: string[] = [
    `# fw-conformance: ${words.icon} ${words.title}`,
    '',
    `**${cell(impl)}** — suite ${report.suite.version}, ${report.summary.conformance.percent}% of must + implied rules pass (${report.summary.conformance.passed}/${report.summary.conformance.total}); ` +
      `profile: ${report.profile.full ? 'full' : `partial (${report.profile.declared.length} of ${report.profile.declared.length + report.profile.missing.length} capabilities)`}.`,
    '',
    `Verdict: ${cell(report.verdictReason)}`,
    '',
    `CI gate: **${report.gate.pass ? 'pass' : 'fail'}** (exit ${report.gate.pass ? 0 : 1}) — ${cell(report.gate.reason)}`,
    '',
  ];
  if (!report.complete) lines.push(`> **Incomplete run:** ${cell(report.incompleteReason ?? 'interrupted')}`, '');
  const check = report.adapterCheck;
  if (check && check.failed > 0) {
    lines.push(`> **Adapter check: ${check.failed} failed.** The adapter deviates from protocol 2; scenarios that errored may share these causes (see [Adapter check](#adapter-check)). The verdict is about rules only.`, '');
  }

  lines.push(...rootCauseSection(report));
  lines.push(...profileSection(report));

  lines.push(`Seed \`${report.seed}\`, ${report.numRuns} runs per property. Wall time ${(report.timing.wallMs / 1000).toFixed(1)} s` +
    (report.timing.medianRequestMs !== null ? `, ${report.timing.requests} HTTP requests, median ${report.timing.medianRequestMs.toFixed(2)} ms.` : '.'), '');
  lines.push('| | ' + STATUSES.join(' | ') + ' | total |', '|---|' + STATUSES.map(() => '---:').join('|') + '|---:|');
  for (const [what, counts] of [['rules', report.summary.rules], ['scenarios', report.summary.scenarios]] as const) {
    for (const level of LEVELS) {
      const c = counts.byLevel[level];
      if (c.total === 0) continue;
      lines.push(`| ${what} (${level}) | ` + STATUSES.map((s) => String(c[s])).join(' | ') + ` | ${c.total} |`);
    }
  }
  lines.push('');

  lines.push(...adapterCheckSection(report));

  if (report.expectations) {
    const e = report.expectations;
    lines.push(`## Expectations (${cell(e.file)})`, '', `${e.matched} expected results matched, ${e.mismatches.length} mismatches.`, '');
    if (e.profile) lines.push(`- profile: ${e.profile.status === 'matches' ? 'matches' : `**differs** — ${cell(e.profile.message)}`}`);
    for (const m of e.mismatches) lines.push(`- **${m.kind}** ${code(m.rule)} › ${code(m.scenario)} (${m.level}): ${cell(m.detail)} (expected ${m.expected}, got ${m.actual})${m.reason ? ` — ${cell(oneLine(m.reason))}` : ''}`);
    if (e.unknown.length > 0) lines.push(`- stale entries (no such scenario or rule): ${e.unknown.map(code).join(', ')}`);
    lines.push('');
  }

  const failing = report.rules.filter((r) => isBad(r.status) || r.status === 'blocked' || (levelCounts(r.level) && r.status === 'skipped'));
  if (failing.length > 0) {
    lines.push('## Rules that do not pass', '', '| rule | level | status | evidence |', '|---|---|---|---|');
    for (const r of failing) {
      const bad = r.outcomes.filter((o) => o.status !== 'passed');
      const shown = bad.slice(0, MAX_SCENARIOS_PER_RULE).map((o) =>
        `${code(o.scenario)} ${o.status}${o.blockedBy ? ` by ${code(o.blockedBy)}` : ''}${o.message && !o.blockedBy ? `: ${cell(oneLine(o.message))}` : ''}`);
      if (bad.length > MAX_SCENARIOS_PER_RULE) shown.push(`… and ${bad.length - MAX_SCENARIOS_PER_RULE} more (see conformance.html)`);
      lines.push(`| ${code(r.id)} | ${r.level} | ${r.status}${r.blockedBy.length > 0 ? ` (by ${r.blockedBy.map(code).join(', ')})` : ''} | ${shown.join('<br>')} |`);
    }
    lines.push('');
  }
  if (report.warnings.length > 0) {
    lines.push('## Warnings', '', ...report.warnings.map((w) => `- ${cell(w)}`), '');
  }
  lines.push('Reports: `conformance.html` (root causes, failures with reproductions, rule matrix), `conformance.json`, `junit.xml`, `cucumber.html`.', '');
  return lines.join('\n');
}

/** The rules charged with failures, most blocking first, each with its first failure. */
function rootCauseSection(report: ConformanceReport): string[] {
  const roots = report.rootCauses.filter((r) => levelCounts(r.level));
  if (roots.length === 0) return [];
  const byId = new Map(report.scenarios.map((s) => [s.id, s]));
  const lines = ['## Root causes', '', 'Each failure is charged to one rule; failures that rely on a failing rule are *blocked* by it and charged there. Fix the first line and run again.', '',
    '| # | rule | level | fails in | blocks | first failure |', '|---:|---|---|---|---|---|'];
  roots.slice(0, MAX_ROOT_CAUSES).forEach((r, i) => {
    const first = r.failing.map((id) => byId.get(id)).find((s) => s !== undefined);
    const why = first?.boot?.rule === r.rule && first.boot.definition ? `refused at boot: ${first.boot.definition}: ${first.boot.message}` : r.message ?? first?.message;
    const detail = first ? `${code(first.id)}${why ? `: ${inWords(r, why)}` : ''}` : '';
    const blocks = r.blocks === 0 ? '—' : `${r.blocks} result(s)${r.blockedRules.length > 0 ? ` in ${r.blockedRules.slice(0, 4).map(code).join(', ')}${r.blockedRules.length > 4 ? ', …' : ''}` : ''}`;
    lines.push(`| ${i + 1} | ${code(r.rule)} | ${r.level} | ${r.failing.length} scenario(s) | ${blocks} | ${detail} |`);
  });
  if (roots.length > MAX_ROOT_CAUSES) lines.push(`| | … and ${roots.length - MAX_ROOT_CAUSES} more | | | | |`);
  lines.push('');
  return lines;
}

/**
 * A root cause's first failure: the framework's error when the adapter sent it, then what the
 * assertion wanted; else the assertion and the adapter's first stderr line; else the assertion
 * alone (quoting the body). Then the expectations file's reason.
 */
function inWords(r: ReportRootCause, why: string): string {
  const words = r.words;
  const parts = words?.frameworkError
    ? [`**${cell(oneLine(words.frameworkError, 240))}**`, cell(oneLine(why))]
    : [cell(oneLine(why)), ...(words?.adapterOutput?.length ? [`stderr: ${cell(oneLine(words.adapterOutput.join('\n'), 200))}`] : [])];
  if (words?.expected?.reason) parts.push(`known failure: ${cell(oneLine(words.expected.reason, 200))}`);
  return parts.join('<br>');
}

function profileSection(report: ConformanceReport): string[] {
  const p = report.profile;
  if (p.full && report.options.tags === null && report.options.rules.length === 0 && report.options.levels.length === 0) return [];
  const lines = ['## Profile', ''];
  lines.push(`Declared: ${p.declared.map(code).join(', ') || 'none'}.`);
  if (!p.full) lines.push('', `**Not declared:** ${p.missing.map(code).join(', ')} — their scenarios were not run, and count as not passed.`);
  if (p.requested) lines.push('', `Held to the profile ${p.requested.map(code).join(', ')}.`);
  if (p.untested.length > 0) {
    const shown = p.untested.slice(0, 30).map(code).join(', ');
    lines.push('', `must and implied rules left untested (${p.untested.length}): ${shown}${p.untested.length > 30 ? ', …' : ''}.`);
  }
  lines.push('');
  return lines;
}

/** "Adapter check": counts, then every failed, warned and noted check with its first line. */
function adapterCheckSection(report: ConformanceReport): string[] {
  const check = report.adapterCheck;
  if (!check) {
    return ['## Adapter check', '', report.options.skipAdapterCheck ? 'Skipped (`--skip-adapter-check`).' : 'Not run (the run stopped before it, or it did not finish).', ''];
  }
  const lines = ['## Adapter check', '',
    `${check.passed} passed, ${check.failed} failed, ${check.warnings} warnings, ${check.notes} notes, ${check.skipped} skipped (protocol smoke test, \`--check-adapter\`; informative, it does not change the verdict; notes are the framework's behaviour, not protocol faults).`, ''];
  const shown = check.checks.filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'note');
  for (const c of shown) {
    lines.push(`- **${c.status.toUpperCase()}** ${code(c.id)} (${cell(c.section)}) ${cell(c.title)}${c.message ? ` — ${cell(oneLine(c.message, 300))}` : ''}`);
  }
  if (shown.length > 0) lines.push('');
  return lines;
}

/** First line, shortened: a table cell must stay one line. */
export function oneLine(text: string, max = 160): string {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Table cells cannot hold pipes or line breaks, and what the target wrote must not render as links, images or HTML. */
function cell(text: string): string {
  return markdownText(text);
}

/**
 * An id: in a code span when it is one (the suite's ids, capabilities, check ids are), else as
 * inert text. An expectations file may name anything (issue 38: an unknown rule id
 * `![pixel](https://…)` closed by a backtick of its own rendered as an image), and a code span
 * ends at the next backtick and a table cell at a `|`, whatever the span.
 */
function code(id: string): string {
  return /^[\w.@:/-]+$/.test(id) ? `\`${id}\`` : markdownText(id);
}
