import type { Level } from './levels';

/** A rule charged with failures, with what it blocks: fix the first one and run again. */
export interface RootCause {
  rule: string;
  level: Level;
  statement: string;
  /** Scenarios whose failures are charged to it. */
  failing: string[];
  /** What the first of them found (for a property: that rule's failures and their replay options). */
  message: string | null;
  /** Failures elsewhere that wait on it. */
  blocks: number;
  /** Rules whose status is blocked by it. */
  blockedRules: string[];
}
