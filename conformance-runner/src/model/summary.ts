import type { Level } from './levels';
import type { StatusCounts } from './status';

/** conformance.json `summary`: counts by status and level (run/summary.ts, summarise). */
export interface Summary {
  scenarios: { byStatus: StatusCounts; byLevel: Record<Level, StatusCounts> };
  rules: { byStatus: StatusCounts; byLevel: Record<Level, StatusCounts> };
  /** Share of must + implied rules that passed (unsupported ones count as not passed). */
  conformance: { passed: number; total: number; percent: number };
}
