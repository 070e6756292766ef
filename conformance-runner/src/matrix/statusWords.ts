import type { Status } from '../model/status';

/**
 * An icon per status for Markdown, where colour is not available: each one differs in shape as
 * well as colour, so a table stays readable without colour (and in a terminal that has none).
 */
export const STATUS_ICON: Record<Status, string> = {
  passed: '✅',
  failed: '❌',
  blocked: '⛔',
  errored: '💥',
  'timed-out': '⏱️',
  'partly-tested': '◐',
  unsupported: '➖',
  skipped: '⏭️',
};

/** What each status means in one line, for legends. */
export const STATUS_MEANING: Record<Status, string> = {
  passed: 'every counted scenario passed',
  failed: 'a failure is charged to this rule',
  blocked: 'failed only because the rule named fails on its own (charged there)',
  errored: 'the adapter broke the protocol',
  'timed-out': 'a request or step took too long',
  'partly-tested': 'the scenarios that could run passed; others need a capability the implementation does not declare',
  unsupported: 'needs a capability the implementation does not declare',
  skipped: 'selected but not run',
};

/** Shown where a report has no result for a rule (not in its suite version or its selection). */
export const ABSENT = '—';
