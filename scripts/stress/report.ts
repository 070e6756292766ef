/** What one stress case measured, and how it is printed (one line per case). */
export interface Outcome {
  /** The case's own criterion (crash and responsiveness are checked around it). */
  readonly ok: boolean;
  /** Statuses seen, or `closed` / `timeout` / `error` for exchanges without one. */
  readonly statuses: readonly string[];
  /** Worst latency of the case's exchanges, in ms. */
  readonly maxMs: number;
  /** Further figures, and the reason when the criterion failed. */
  readonly note?: string;
}

export interface CaseResult extends Outcome {
  readonly target: string;
  readonly name: string;
  readonly held: boolean;
  readonly rssBeforeMb: number;
  readonly rssAfterMb: number;
  /** How the server died or stopped answering during the case; undefined when it did not. */
  readonly crash: string | undefined;
}

/** `400×5 431×1 closed×2`, in order of first appearance. */
export function summarizeStatuses(statuses: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => (n === 1 ? s : `${s}×${n}`)).join(' ') || 'none';
}

export function formatCase(r: CaseResult): string {
  const parts = [
    `max ${formatMs(r.maxMs)}`,
    `statuses ${summarizeStatuses(r.statuses)}`,
    // Runner cases start their own adapters; their note gives the runner's peak instead.
    ...(r.target === 'runner' ? [] : [`RSS ${r.rssBeforeMb}→${r.rssAfterMb} MB`, r.crash === undefined ? 'no crash' : `CRASH: ${r.crash}`]),
  ];
  if (r.note) parts.push(r.note);
  return `${r.held ? 'held  ' : 'FAILED'}  ${r.target.padEnd(7)} ${r.name.padEnd(38)} ${parts.join(' · ')}`;
}

export function formatMs(ms: number): string {
  return ms >= 10 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}

/** 5xx is the server failing; anything else (a 4xx, a closed connection) is an answer. */
export function isServerError(status: string): boolean {
  return /^5\d\d$/.test(status);
}
