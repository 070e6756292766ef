import { makeBadge } from 'badge-maker';
import type { ConformanceReport } from './model';

/** badge.svg: the share of must + implied rules that pass, as a shields.io-style badge. */
export function renderBadge(report: ConformanceReport): string {
  const { percent, total } = report.summary.conformance;
  if (!report.complete) return makeBadge({ label: 'fw conformance', message: 'incomplete', color: 'lightgrey' });
  if (total === 0) return makeBadge({ label: 'fw conformance', message: 'no rules run', color: 'lightgrey' });
  return makeBadge({ label: 'fw conformance', message: `${percent}%`, color: badgeColor(percent) });
}

export function badgeColor(percent: number): string {
  if (percent >= 100) return 'brightgreen';
  if (percent >= 90) return 'green';
  if (percent >= 75) return 'yellowgreen';
  if (percent >= 50) return 'yellow';
  if (percent >= 25) return 'orange';
  return 'red';
}
