import { makeBadge } from 'badge-maker';
import type { ConformanceReport } from './model';

/**
 * badge.svg: the verdict as a shields.io-style badge. A partial profile says so next to its share
 * of must + implied rules passed (untested ones count as not passed), so a partial implementation
 * never shows a badge that reads like full conformance.
 */
export function renderBadge(report: ConformanceReport): string {
  const { percent, total } = report.summary.conformance;
  if (!report.complete) return makeBadge({ label: 'fw conformance', message: 'incomplete', color: 'lightgrey' });
  if (total === 0) return makeBadge({ label: 'fw conformance', message: 'no rules run', color: 'lightgrey' });
  if (report.verdict === 'conforms') return makeBadge({ label: 'fw conformance', message: 'conforms', color: 'brightgreen' });
  if (report.verdict === 'partial') return makeBadge({ label: 'fw conformance', message: `partial · ${percent}%`, color: 'blue' });
  return makeBadge({ label: 'fw conformance', message: `${percent}%`, color: badgeColor(Math.min(percent, 99)) });
}

export function badgeColor(percent: number): string {
  if (percent >= 100) return 'brightgreen';
  if (percent >= 90) return 'green';
  if (percent >= 75) return 'yellowgreen';
  if (percent >= 50) return 'yellow';
  if (percent >= 25) return 'orange';
  return 'red';
}
