import type { ScenarioResult } from '../../model/results';
import { terminalLine, terminalText } from '../../protocol/inert';
import type { ConformanceReport } from '../../reports/model';
import { verdictWords } from '../../reports/words';
import { adapterCheckReminder } from '../control/adapter-check';
import { fitText } from './consoleWidth';

/**
 * What the console shows at the end of a run, from its report: counts, root causes (the first to
 * fix), the profile, differences from the expectations file, warnings, time, seed, verdict and
 * gate. Everything from the target is made inert (terminalLine): its text goes to a terminal.
 */
export function consoleSummary(report: ConformanceReport, scenarios: ScenarioResult[], quiet: boolean): string {
  const lines: string[] = [''];
  const s = report.summary.scenarios.byStatus;
  const counted = (['must', 'implied'] as const).map((l) => report.summary.rules.byLevel[l]);
  const ref = report.summary.rules.byLevel.reference;
  lines.push(`scenarios: ${s.total} — ${s.passed} passed, ${s.failed} failed, ${s.blocked} blocked, ${s.errored} errored, ${s['timed-out']} timed out, ${s.unsupported} unsupported, ${s.skipped} skipped`);
  lines.push(`rules (must + implied): ${counted[0]!.total + counted[1]!.total} — ${counted[0]!.passed + counted[1]!.passed} passed (${report.summary.conformance.percent}%)` +
    `; reference (informative): ${ref.passed}/${ref.total} passed`);
  const roots = report.rootCauses.filter((r) => r.level !== 'reference');
  if (roots.length > 0) {
    lines.push('root causes (each failure is charged to one rule; fix the first and run again):');
    const byId = new Map(scenarios.map((x) => [x.id, x]));
    roots.slice(0, 15).forEach((r, i) => {
      const status = report.rules.find((x) => x.id === r.rule)?.status ?? 'failed';
      const first = r.failing.map((id) => byId.get(id)).find((x) => x !== undefined);
      const why = first?.boot?.rule === r.rule && first.boot.definition ? `refused at boot: ${first.boot.definition}` : (r.message ?? first?.message)?.split('\n')[0];
      lines.push(`  ${i + 1}. ${status.toUpperCase()} ${r.rule} (${r.level}) in ${r.failing.length} scenario(s)${r.blocks > 0 ? `, blocks ${r.blocks}` : ''}` +
        `${first ? `: ${first.id}${why ? ` — ${terminalLine(clip(why, 120))}` : ''}` : ''}`);
    });
    if (roots.length > 15) lines.push(`  … and ${roots.length - 15} more (conformance.md)`);
  }
  if (!report.profile.full) {
    lines.push(`profile: partial — not declared: ${report.profile.missing.join(', ')} (${report.profile.untested.length} must/implied rules untested)`);
  }
  if (report.expectations && report.expectations.mismatches.length > 0) {
    lines.push(`differences from ${report.expectations.file}:`);
    for (const m of report.expectations.mismatches) lines.push(`  ${m.kind} ${m.id}: ${m.detail} (expected ${m.expected}, got ${m.actual})`);
  }
  if (report.expectations?.profile?.status === 'differs') lines.push(`  profile: ${report.expectations.profile.message}`);
  if (!quiet) for (const w of report.warnings) lines.push(`warning: ${terminalLine(clip(w.split('\n')[0]!, 300))}`);
  const reminder = adapterCheckReminder(report.adapterCheck);
  if (reminder) lines.push(reminder);
  // The verdict line carries the first line of an incomplete run's reason; the rest (the target's last output) comes once, here.
  const detail = report.incompleteReason?.split('\n').slice(1).join('\n').trim();
  if (!report.complete && detail) lines.push(terminalText(detail));
  const t = report.timing;
  lines.push(`time: ${(t.wallMs / 1000).toFixed(1)} s (suite ${(t.suiteMs / 1000).toFixed(1)} s); ${t.requests} HTTP requests` +
    (t.medianRequestMs !== null ? `, median ${t.medianRequestMs.toFixed(2)} ms, p95 ${t.p95RequestMs!.toFixed(2)} ms` : ''));
  lines.push(`seed: ${report.seed} (replay the properties with --seed ${report.seed})`);
  lines.push(`verdict: ${verdictWords(report).title} — ${report.verdictReason}`);
  lines.push(`gate: ${report.gate.pass ? 'PASS' : 'FAIL'} (exit ${report.gate.pass ? 0 : 1}) — ${report.gate.reason}`);
  return fitText(lines.join('\n')) + '\n';
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
