import { LEVELS } from '../run/levels';
import { isBad, STATUSES } from '../run/status';
import type { ConformanceReport } from './model';

/** CI job pages truncate long summaries: a rule shows its first few failing scenarios. */
const MAX_SCENARIOS_PER_RULE = 5;

/** conformance.md: a summary for CI job pages (GitHub's $GITHUB_STEP_SUMMARY, merge-request notes). */
export function renderMarkdown(report: ConformanceReport): string {
  const impl = report.implementation ? `${report.implementation.name} ${report.implementation.version} (${report.implementation.language})` : 'unknown implementation';
  const icon = report.verdict === 'pass' ? '✅' : '❌';
  const lines: string[] = [
    `# fw-conformance: ${icon} ${report.verdict.toUpperCase()}`,
    '',
    `**${cell(impl)}** — suite ${report.suite.version}, ${report.summary.conformance.percent}% of must + implied rules pass (${report.summary.conformance.passed}/${report.summary.conformance.total}).`,
    '',
    `Verdict: ${cell(report.verdictReason)}`,
    '',
  ];
  if (!report.complete) lines.push(`> **Incomplete run:** ${cell(report.incompleteReason ?? 'interrupted')}`, '');
  const check = report.adapterCheck;
  if (check && check.failed > 0) {
    lines.push(`> **Adapter check: ${check.failed} failed.** The adapter deviates from protocol 2; scenarios that errored may share these causes (see [Adapter check](#adapter-check)). The verdict is about rules only.`, '');
  }
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
    for (const m of e.mismatches) lines.push(`- **${m.kind}** \`${m.id}\` (${m.level}): expected ${m.expected}, got ${m.actual}${m.reason ? ` — ${cell(oneLine(m.reason))}` : ''}`);
    if (e.unknown.length > 0) lines.push(`- stale entries (no such scenario or rule): ${e.unknown.map((id) => `\`${id}\``).join(', ')}`);
    lines.push('');
  }

  const failing = report.rules.filter((r) => isBad(r.status) || (r.level !== 'reference' && r.status === 'skipped'));
  if (failing.length > 0) {
    lines.push('## Rules that do not pass', '', '| rule | level | status | scenarios |', '|---|---|---|---|');
    const byId = new Map(report.scenarios.map((s) => [s.id, s]));
    for (const r of failing) {
      const bad = r.counted.map((id) => byId.get(id)).filter((s) => s !== undefined && s.status !== 'passed');
      const shown = bad.slice(0, MAX_SCENARIOS_PER_RULE).map((s) => `\`${s!.id}\` ${s!.status}${s!.message ? `: ${cell(oneLine(s!.message))}` : ''}`);
      if (bad.length > MAX_SCENARIOS_PER_RULE) shown.push(`… and ${bad.length - MAX_SCENARIOS_PER_RULE} more (see conformance.html)`);
      const detail = shown.join('<br>');
      lines.push(`| \`${r.id}\` | ${r.level} | ${r.status} | ${detail} |`);
    }
    lines.push('');
  }
  if (report.warnings.length > 0) {
    lines.push('## Warnings', '', ...report.warnings.map((w) => `- ${cell(w)}`), '');
  }
  lines.push('Reports: `conformance.html` (rule matrix, reproductions), `conformance.json`, `junit.xml`, `cucumber.html`.', '');
  return lines.join('\n');
}

/** "Adapter check": counts, then every failed and warned check with its first deviation. */
function adapterCheckSection(report: ConformanceReport): string[] {
  const check = report.adapterCheck;
  if (!check) {
    return ['## Adapter check', '', report.options.skipAdapterCheck ? 'Skipped (`--skip-adapter-check`).' : 'Not run (the run stopped before it, or it did not finish).', ''];
  }
  const lines = ['## Adapter check', '',
    `${check.passed} passed, ${check.failed} failed, ${check.warnings} warnings, ${check.skipped} skipped (protocol smoke test, \`--check-adapter\`; informative, it does not change the verdict).`, ''];
  const shown = check.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  for (const c of shown) {
    lines.push(`- **${c.status === 'fail' ? 'FAIL' : 'WARN'}** \`${c.id}\` (${cell(c.section)}) ${cell(c.title)}${c.message ? ` — ${cell(oneLine(c.message, 300))}` : ''}`);
  }
  if (shown.length > 0) lines.push('');
  return lines;
}

/** First line, shortened: a table cell must stay one line. */
export function oneLine(text: string, max = 160): string {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Markdown table cells cannot hold pipes or raw HTML. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');
}
