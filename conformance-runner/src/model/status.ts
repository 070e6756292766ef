/** Statuses of scenarios and rules in reports (docs/architecture.md "Attachments and statuses"). */
/**
 * `partly-tested` is a rule's only: some of its counted scenarios passed and the others could not
 * run on this target (unsupported). It never reads as passed.
 */
export const STATUSES = ['passed', 'failed', 'blocked', 'errored', 'timed-out', 'partly-tested', 'unsupported', 'skipped'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * Statuses charged against the implementation. `blocked` is not among them: a blocked result
 * relies on a rule that fails elsewhere, which is charged instead (docs/reports.md).
 */
export const BAD_STATUSES: readonly Status[] = ['failed', 'errored', 'timed-out'];

export function isBad(status: Status): boolean {
  return BAD_STATUSES.includes(status);
}

/** Counts per status, every status present (zero when absent) so reports have a stable shape. */
export type StatusCounts = Record<Status, number> & { total: number };

export function countStatuses(statuses: Iterable<Status>): StatusCounts {
  const counts = { total: 0 } as StatusCounts;
  for (const s of STATUSES) counts[s] = 0;
  for (const s of statuses) {
    counts[s] += 1;
    counts.total += 1;
  }
  return counts;
}
