import { isBad, type Status } from '../model/status';

/**
 * What a change of status means, each change in exactly one kind (docs/matrix-and-diff.md):
 * - regressed:  it was not charged with a failure and now is (passed, blocked, unsupported or
 *               skipped before; failed, errored or timed-out now), or it is new and fails;
 * - fixed:      it was charged with a failure and now passes;
 * - changed:    still charged, with another bad status (failed → errored);
 * - blocked:    now blocked by another rule's failure (charged there), or by other rules than before;
 * - unblocked:  was blocked and now passes, or is no longer run;
 * - not-run:    ran before, now unsupported or skipped (or between those two);
 * - now-run:    did not run before and now passes;
 * - appeared / disappeared: in one report only (another catalog or selection), unless it
 *               appeared failing, which is a regression.
 */
export type ChangeKind = 'regressed' | 'fixed' | 'changed' | 'blocked' | 'unblocked' | 'not-run' | 'now-run' | 'appeared' | 'disappeared';

/** The kinds in the order reports list them: what needs attention first. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['regressed', 'fixed', 'changed', 'blocked', 'unblocked', 'not-run', 'now-run', 'appeared', 'disappeared'];

/**
 * The kind of a change from `before` to `after` (null: absent from that report); null when
 * nothing changed. `blockersChanged`: both blocked, by other rules.
 */
export function classify(before: Status | null, after: Status | null, blockersChanged = false): ChangeKind | null {
  if (before === null && after === null) return null;
  if (before === null) return isBad(after!) ? 'regressed' : 'appeared';
  if (after === null) return 'disappeared';
  if (before === after) return after === 'blocked' && blockersChanged ? 'blocked' : null;
  if (isBad(after)) return isBad(before) ? 'changed' : 'regressed';
  if (after === 'blocked') return 'blocked';
  if (after === 'passed') return isBad(before) ? 'fixed' : before === 'blocked' ? 'unblocked' : 'now-run';
  // after is unsupported or skipped
  return before === 'blocked' ? 'unblocked' : 'not-run';
}
